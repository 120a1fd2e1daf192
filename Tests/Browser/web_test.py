"""Browser tests of the web app: headless Chromium from Debian driven by Playwright (PyPI).

Run by scripts/browser-test, which starts `ghostvault serve --demo` on a free loopback port and passes its
address and the demo bridge's setup token. Screenshots go to $GHOSTVAULT_ARTIFACTS (phone 390x844 and
desktop 1280x800, light and dark). Every wait is bounded; the whole run stops by itself.
"""

import json
import os
import re
import sys
import time

from playwright.sync_api import sync_playwright, expect

BASE = os.environ["GHOSTVAULT_URL"]
SETUP_TOKEN = os.environ["GHOSTVAULT_SETUP_TOKEN"]
ARTIFACTS = os.environ.get("GHOSTVAULT_ARTIFACTS", "artifacts/browser")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

os.makedirs(ARTIFACTS, exist_ok=True)
expect.set_options(timeout=10_000)
results = []
DETAIL = []  # the page of a transaction added by hand, for the screenshots


def check(name, fn):
    started = time.monotonic()
    try:
        fn()
        results.append((name, True, ""))
        print(f"  ok    {name} ({time.monotonic() - started:.1f} s)")
    except Exception as error:  # report every failure, then fail the run
        results.append((name, False, str(error)))
        print(f"  FAIL  {name}: {error}")


def shot(page, name):
    page.screenshot(path=os.path.join(ARTIFACTS, f"{name}.png"), full_page=False)


def sign_up(page, email):
    page.goto(f"{BASE}/signup")
    page.fill("#email", email)
    page.fill("#password", "correct horse battery")
    page.fill("#confirmation", "correct horse battery")
    page.click("button[type=submit]")
    page.wait_for_url("**/onboarding")


def card_order(page):
    return page.eval_on_selector_all(".dashboard > .card[data-card]", "cards => cards.map(c => c.dataset.card)")


def main():
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"], timeout=30_000)
        phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        page = phone.new_page()
        page.set_default_timeout(15_000)
        email = f"browser-{int(time.time())}@example.com"

        def signup_and_connect():
            sign_up(page, email)
            shot(page, "phone-onboarding")
            page.click("text=Get Started")
            page.click("text=I have a SimpleFIN token")
            page.fill("#setup-token", SETUP_TOKEN)
            page.click("button:has-text('Connect')")
            page.wait_for_url("**/onboarding/accounts", timeout=60_000)
            expect(page.locator("text=Connected!")).to_be_visible()
            page.click("button:has-text('Continue')")
            page.wait_for_url("**/onboarding/review")
            shot(page, "phone-review")
            page.click("button:has-text('Continue to Dashboard')")
            page.wait_for_url("**/dashboard")

        def dashboard_numbers():
            data = page.request.get(f"{BASE}/api/v1/dashboard").json()
            income = data["currentMonth"]["income"]
            net_worth = data["netWorth"]["totals"]["netWorth"]
            text = page.inner_text("#card-income")
            assert money(income) in text, f"income {income} not in {text!r}"
            worth = page.inner_text("#card-net-worth")
            assert money(net_worth) in worth, f"net worth {net_worth} not in {worth!r}"
            expect(page.locator(".sync-bar")).to_contain_text("/24 syncs left today")
            shot(page, "phone-dashboard-light")

        def tap_chart_bar():
            bar = page.locator("rect.bar.income").nth(10)
            expected = bar.get_attribute("data-text")
            bar.tap()
            readout = page.locator("#card-income-vs-spending .readout")
            expect(readout).to_have_text(expected)
            assert re.search(r"income \$[\d,]+\.\d\d", expected), expected
            page.click("[data-chart-view=line]")
            point = page.locator("circle.dot.spending").nth(3)
            point.tap()
            expect(readout).to_have_text(point.get_attribute("data-text"))

        def rearrange_and_reload():
            before = card_order(page)
            page.click("#edit-layout")
            expect(page.locator(".dashboard")).to_have_class(re.compile("editing"))
            handle = page.locator("#card-recurring .drag-handle")
            target = page.locator("#card-income-vs-spending")
            handle.scroll_into_view_if_needed()
            box = handle.bounding_box()
            with page.expect_response(lambda r: r.url.endswith("/api/v1/me/dashboard") and r.request.method == "PUT") as saved:
                page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                page.mouse.down()
                for _ in range(40):  # drag upwards until the card lands before the first one
                    page.mouse.wheel(0, -400)
                    target_box = target.bounding_box()
                    page.mouse.move(target_box["x"] + target_box["width"] / 2, target_box["y"] + 10, steps=4)
                    if card_order(page)[0] == "recurring":
                        break
                page.mouse.up()
            assert saved.value.ok, saved.value.status
            moved = card_order(page)
            assert moved[0] == "recurring", moved
            assert moved != before
            expect(page.locator("#layout-status")).to_have_text("Saved.")
            page.reload()
            assert card_order(page)[0] == "recurring", card_order(page)
            # Remove a card with its button, then add it back.
            page.goto(f"{BASE}/dashboard?edit=1")
            page.locator("#card-top-categories button:has-text('Remove')").click()
            page.wait_for_url("**/dashboard?edit=1")
            assert "top-categories" not in card_order(page)
            page.locator("#hidden-cards button:has-text('Add back')").first.click()
            page.wait_for_url("**/dashboard?edit=1")
            assert "top-categories" in card_order(page)

        def menu_to_connections():
            page.goto(f"{BASE}/dashboard")
            button = page.locator("#menu-button")
            button.click()
            expect(page.locator("#app-menu")).to_have_class(re.compile("open"))
            expect(button).to_have_attribute("aria-expanded", "true")
            shot(page, "phone-menu")
            # The button again closes it (the arrow turns back up), and a quick close then open stays open.
            button.click()
            expect(button).to_have_attribute("aria-expanded", "false")
            expect(page.locator("#app-menu")).to_be_hidden()
            button.click()
            button.click()
            button.click()
            page.wait_for_timeout(600)
            expect(page.locator("#app-menu")).to_be_visible()
            expect(button).to_have_attribute("aria-expanded", "true")
            page.locator("#app-menu a:has-text('Connections')").click()
            page.wait_for_url("**/connections")
            expect(page.locator("#institutions tbody tr").first).to_contain_text("SUCCESS")
            shot(page, "phone-connections")

        def dark_mode():
            page.goto(f"{BASE}/settings")
            page.check("input[name=theme][value=dark]")
            page.click("button:has-text('Save theme')")
            page.wait_for_url("**/settings")
            expect(page.locator(".alert.notice")).to_have_text("Saved.")
            page.goto(f"{BASE}/dashboard")
            assert page.get_attribute("html", "data-theme") == "dark"
            background = page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert background == "rgb(15, 20, 25)", background
            shot(page, "phone-dashboard-dark")

        def transactions_filters():
            page.goto(f"{BASE}/transactions")
            total = int(page.inner_text("#transaction-count").replace(",", "").rstrip("+"))
            page.click("#filters-title")
            page.fill("#q", "safeway")
            page.click("#filters button[type=submit]")
            page.wait_for_url(re.compile(r".*/transactions\?.*q=safeway.*"))
            searched = int(page.inner_text("#transaction-count").replace(",", "").rstrip("+"))
            assert 0 < searched < total, (searched, total)
            page.fill("#from", "2026-10-01")
            page.fill("#to", "2026-10-31")
            page.click("#filters button[type=submit]")
            page.wait_for_url(re.compile(r".*from=2026-10-01.*"))
            dated = int(page.inner_text("#transaction-count").replace(",", "").rstrip("+"))
            assert 0 < dated <= searched, (dated, searched)
            page.reload()  # the filters live in the URL
            assert int(page.inner_text("#transaction-count").replace(",", "").rstrip("+")) == dated
            shot(page, "phone-transactions")

        def recategorise():
            data = page.request.get(f"{BASE}/api/v1/dashboard").json()
            before = {line["name"]: line["amount"] for line in data["currentMonth"]["spendingByCategory"]}
            page.goto(f"{BASE}/transactions?kind=expense&from=2026-11-01")
            row = page.locator("tr[data-transaction]:not(.pending)").first
            select = row.locator("select[name=category]")
            with page.expect_navigation():
                select.select_option(label="Travel")
            expect(page.locator(".alert.notice")).to_contain_text("is now in Travel")
            after = page.request.get(f"{BASE}/api/v1/dashboard").json()
            spending = {line["name"]: line["amount"] for line in after["currentMonth"]["spendingByCategory"]}
            assert spending.get("Travel") and spending.get("Travel") != before.get("Travel"), (before.get("Travel"), spending.get("Travel"))

        def unlink_and_mark():
            page.goto(f"{BASE}/transactions")
            pairs = int(page.inner_text("#pair-count"))
            first = page.locator("#transfer-pairs tbody tr").first
            ids = re.findall(r"[0-9a-f-]{36}", first.locator("td[data-label='ID Pair']").inner_text())
            first.locator("button:has-text('Unlink')").click()
            page.wait_for_url("**/transactions")
            assert int(page.inner_text("#pair-count")) == pairs - 1
            page.goto(f"{BASE}/transactions/{ids[0]}#mark-transfer")
            page.locator(f"form:has(input[name=partner][value='{ids[1]}']) button").click()
            page.wait_for_url(f"**/transactions/{ids[0]}")
            page.goto(f"{BASE}/transactions")
            assert int(page.inner_text("#pair-count")) == pairs

        def rule_from_transaction():
            page.goto(f"{BASE}/transactions?q=safeway")
            row = page.locator("tr[data-transaction]").first
            row.locator("summary:has-text('More')").click()
            row.locator("a:has-text('Add Rule')").click()
            page.wait_for_url("**/rules/new?from=**")
            expect(page.locator("input[name=value]").first).to_have_value(re.compile("SAFEWAY", re.I))
            page.fill("#name", "Safeway to Travel")
            page.select_option("#category", label="Travel")
            page.click("button[value=preview]")
            expect(page.locator("#rule-preview h2")).to_contain_text("transaction(s) would change")
            shot(page, "phone-rule-preview")
            page.check("input[name=apply]")
            page.click("button[value=save]")
            page.wait_for_url("**/rules")
            expect(page.locator(".alert.notice")).to_contain_text("transaction(s) changed")
            expect(page.locator("#rules")).to_contain_text("Safeway to Travel")

        def budget_target():
            page.goto(f"{BASE}/budgets")
            row = page.locator("#monthly-targets tr[data-category]").filter(has_text="Groceries").first
            target = row.locator("input[name=target]")
            with page.expect_response(lambda r: "/api/v1/budgets/" in r.url and r.request.method == "PUT") as saved:
                target.fill("425")
            assert saved.value.ok, saved.value.status
            expect(row.locator(".save-state")).to_have_text("Saved")
            shot(page, "phone-budgets")
            page.reload()
            expect(page.locator("#monthly-targets tr[data-category]").filter(has_text="Groceries").first.locator("input[name=target]")).to_have_value("425.00")
            expect(page.locator("#budget-vs-actual")).to_contain_text("$425.00")

        def dismiss_recurring():
            page.goto(f"{BASE}/recurring")
            rows = page.locator("#recurring-patterns tbody tr")
            before = rows.count()
            name = rows.first.locator("strong").inner_text()
            rows.first.locator("button:has-text('Dismiss')").click()
            page.wait_for_url("**/recurring")
            expect(page.locator(".alert.notice")).to_contain_text(f"{name} is dismissed")
            assert page.locator("#recurring-patterns tbody tr").count() == before - 1
            shot(page, "phone-recurring")

        def add_three_expenses():
            before = page.request.get(f"{BASE}/api/v1/dashboard").json()["currentMonth"]
            page.goto(f"{BASE}/dashboard")
            page.tap("a.add-button")
            page.wait_for_url("**/transactions/new")
            default = page.input_value("#date")
            year, month, day = (int(part) for part in default.split("-"))
            chosen = f"{year:04d}-{month:02d}-{day - 1 if day > 1 else day + 1:02d}"
            page.fill("#date", chosen)
            ids = []
            for index, amount in enumerate(["12.34", "5.00", "7.66"]):
                assert page.input_value("#date") == chosen, f"entry {index + 1}: the date went back to {page.input_value('#date')}"
                page.fill("#amount", amount)
                page.select_option("#category", index=1)
                if index == 0:
                    page.fill("#tags", "Amazon, Coffee Shop")
                    page.locator("#note").tap()
                    expect(page.locator("#tags")).to_have_value("amazon, coffee shop")
                    page.fill("#note", "Line one\nLine two")
                    page.tap("#flags summary")
                    page.tap("#flags label:has-text('Unpaid')")
                    page.tap("#flags label:has-text('Reimbursed') >> nth=0")
                    expect(page.locator("#flag-summary")).to_have_text("Unpaid \u2022 Reimbursed")
                    # A receipt chosen before saving: prepared in the page, shown with a count, sent with Save.
                    png = page.evaluate("""async () => {
                        const c = document.createElement('canvas'); c.width = 300; c.height = 500;
                        const g = c.getContext('2d'); g.fillStyle = '#3c8c5a'; g.fillRect(0, 0, 300, 500);
                        const blob = await new Promise((done) => c.toBlob(done, 'image/png'));
                        return [...new Uint8Array(await blob.arrayBuffer())];
                    }""")
                    page.set_input_files("#receipt-library", files=[{"name": "lunch.png", "mimeType": "image/png", "buffer": bytes(png)}])
                    page.click("dialog.receipt-editor button[data-act=attach]")
                    expect(page.locator("#receipt-count")).to_have_text("(1)")
                    shot(page, "phone-add-dark")
                page.tap("button:has-text('Save')")
                page.wait_for_url("**/transactions/new?**")
                expect(page.locator(".alert.notice")).to_contain_text("Saved")
                expect(page.locator("#amount")).to_have_value("")
                expect(page.locator("#tags")).to_have_value("")
                expect(page.locator("#flag-summary")).to_have_text("None")
            listed = page.request.get(f"{BASE}/api/v1/transactions?from={chosen}&to={chosen}&size=50").json()["items"]
            manual = [item for item in listed if item["source"] == "manual"]
            assert sorted(item["amount"] for item in manual) == ["-12.34", "-5.00", "-7.66"], manual
            first = next(item for item in manual if item["amount"] == "-12.34")
            assert first["tags"] == ["amazon", "coffee shop"], first["tags"]
            assert (first["payment"], first["reimbursement"]) == ("unpaid", "reimbursed"), first
            assert first["notes"] == "Line one\nLine two", first["notes"]
            receipts = page.request.get(f"{BASE}/api/v1/transactions/{first['id']}/receipts").json()
            assert [r["contentType"] for r in receipts] == ["image/jpeg"], receipts
            # After a reload the entry is all there, on its own page.
            page.goto(f"{BASE}/transactions/{first['id']}")
            expect(page.locator("#edit-tags")).to_have_value("amazon, coffee shop")
            expect(page.locator("body")).to_contain_text("Unpaid \u2022 Reimbursed")
            shot(page, "phone-transaction-dark")
            DETAIL.append(f"/transactions/{first['id']}")
            after = page.request.get(f"{BASE}/api/v1/dashboard").json()["currentMonth"]
            if chosen[:7] == default[:7]:
                spent = lambda month: float(month["spending"])
                assert round(spent(after) - spent(before), 2) == 25.00, (before, after)

        def receipts_attached_scaled_and_deleted():
            page.goto(BASE + DETAIL[0])
            # A generated 2400x1200 JPEG and a 300x500 PNG, made by the browser's own encoder.
            made = page.evaluate("""async () => {
                const make = async (w, h, type) => {
                    const c = document.createElement('canvas'); c.width = w; c.height = h;
                    const g = c.getContext('2d'); g.fillStyle = '#c83c3c'; g.fillRect(0, 0, w, h);
                    g.fillStyle = '#fff'; g.fillRect(w / 4, h / 4, w / 2, h / 8);
                    const blob = await new Promise((done) => c.toBlob(done, type, 0.9));
                    return [...new Uint8Array(await blob.arrayBuffer())];
                };
                return [await make(2400, 1200, 'image/jpeg'), await make(300, 500, 'image/png')];
            }""")
            for name, data, mime in [("till.jpg", made[0], "image/jpeg"), ("note.png", made[1], "image/png")]:
                page.set_input_files("#receipt-library", files=[{"name": name, "mimeType": mime, "buffer": bytes(data)}])
                expect(page.locator("dialog.receipt-editor")).to_be_visible()
                if name == "till.jpg":
                    shot(page, "phone-receipt-editor-dark")
                    page.click("dialog.receipt-editor button[data-act=turn]")
                with page.expect_navigation():
                    page.click("dialog.receipt-editor button[data-act=attach]")
                expect(page.locator(".alert.notice")).to_contain_text("Attached")
            expect(page.locator("#receipts h2")).to_contain_text("(3)")
            sizes = page.evaluate("""async () => Promise.all([...document.querySelectorAll('#receipts .receipt-thumb img')]
                .map(async (img) => { const b = await createImageBitmap(await (await fetch(img.src)).blob());
                                      return [b.width, b.height]; }))""")
            assert [800, 1600] in sizes, f"the turned photo was not scaled to 1600 px on its long side: {sizes}"
            page.locator("#receipts .receipt-thumb").first.tap()
            expect(page.locator("dialog.receipt-viewer")).to_be_visible()
            shot(page, "phone-receipt-viewer-dark")
            page.once("dialog", lambda dialog: dialog.accept())
            with page.expect_navigation():
                page.click("dialog.receipt-viewer button[data-act=delete]")
            page.reload()
            expect(page.locator("#receipts h2")).to_contain_text("(2)")
            expect(page.locator("#delete")).to_contain_text("and its 2 receipts")

        def analysis_month_filter_delete():
            page.goto(f"{BASE}/dashboard")
            page.locator("#menu-button").click()
            page.locator("#app-menu a:has-text('Analysis')").click()
            page.wait_for_url("**/analysis")
            expect(page.locator(".toggle a[aria-current=true]:has-text('Expense')")).to_be_visible()
            expect(page.locator(".toggle a[aria-current=true]:has-text('Month')")).to_be_visible()
            this_month = page.inner_text(".period-nav .period")
            page.tap("a.arrow[rel=prev]")
            page.wait_for_url("**/analysis?date=*")
            assert page.inner_text(".period-nav .period") != this_month, "the arrow did not move to the previous month"
            total = page.inner_text("section[aria-label=Totals] .big")
            bar = page.locator(".chart rect.bar").first
            bar.tap()
            expect(page.locator(".chart .readout")).to_contain_text("transaction")
            shot(page, "phone-analysis-dark")
            # A category filter applied, then cleared
            page.tap("#filters summary")
            page.locator("#filters input[name=category]").first.check()
            page.tap("#filters button:has-text('Apply')")
            page.wait_for_url("**category=*")
            expect(page.locator("#filters summary")).to_contain_text("1 category")
            shot(page, "phone-analysis-filtered-dark")
            page.tap("#filters a:has-text('Clear')")
            page.wait_for_url(lambda url: "category=" not in url)
            expect(page.locator("section[aria-label=Totals] .big")).to_have_text(total)
            # A row deleted after its confirmation
            row = page.locator(".analysis-row").first
            ident = row.get_attribute("data-transaction")
            row.locator("details.row-delete summary").tap()
            expect(row.locator("details.row-delete p")).to_contain_text("cannot be undone")
            row.locator("button:has-text('Delete')").tap()
            page.wait_for_url("**/analysis?date=*")
            expect(page.locator(".alert.notice")).to_contain_text("Deleted")
            expect(page.locator(f".analysis-row[data-transaction='{ident}']")).to_have_count(0)

        def recurring_rent_and_next_year():
            page.goto(f"{BASE}/transactions/new")
            year = int(page.input_value("#date")[:4])
            page.fill("#date", f"{year}-01-31")
            page.fill("#amount", "2500")
            page.tap("#recurrence summary")
            page.select_option("#cadence", "monthly")
            expect(page.locator("#recurring")).to_be_checked()
            expect(page.locator("#recurrence-summary")).to_have_text("Monthly \u2022 Starts with the entry")
            shot(page, "phone-add-recurrence-dark")
            page.tap("button:has-text('Save')")
            page.wait_for_url("**/transactions/new?**")
            expect(page.locator(".alert.notice")).to_contain_text("It repeats monthly")
            page.goto(f"{BASE}/settings")
            page.tap("a:has-text('Recurring rules')")
            page.wait_for_url("**/settings/recurring-rules")
            expect(page.locator(".rule-list li")).to_contain_text(f"12 entries \u00b7 through {year}")
            for attempt in range(2):
                page.tap(f"button:has-text('Generate {year + 1}')")
                page.wait_for_url("**/settings/recurring-rules")
            expect(page.locator(".alert.notice")).to_contain_text("Nothing to do")
            expect(page.locator(".rule-list li")).to_contain_text(f"24 entries \u00b7 through {year + 1}")
            shot(page, "phone-recurring-rules-dark")
            rule = page.locator(".rule-list a").first.get_attribute("href").rsplit("/", 1)[1]
            page.goto(f"{BASE}/transactions?rule={rule}")
            expect(page.locator("#transaction-count")).to_contain_text("24")

        def system_dark():
            dark = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, color_scheme="dark")
            view = dark.new_page()
            view.goto(f"{BASE}/login")
            assert view.get_attribute("html", "data-theme") == "system"
            background = view.evaluate("getComputedStyle(document.body).backgroundColor")
            assert background == "rgb(15, 20, 25)", background
            text = view.evaluate("getComputedStyle(document.querySelector('button[type=submit]')).color")
            assert text == "rgb(4, 32, 26)", f"button text {text} on the mint button would be unreadable"
            view.screenshot(path=os.path.join(ARTIFACTS, "phone-login-system-dark.png"))
            dark.close()

        def desktop_screens():
            desktop = browser.new_context(viewport=DESKTOP, storage_state=phone.storage_state())
            view = desktop.new_page()
            for path, name in [
                ("/dashboard", "dashboard"), ("/connections", "connections"), ("/settings", "settings"),
                ("/transactions", "transactions"), ("/budgets", "budgets"), ("/recurring", "recurring"),
                ("/categories", "categories"), ("/rules", "rules"), ("/accounts", "accounts"),
                ("/transactions/new", "add"),
            ] + [(path, "transaction") for path in DETAIL]:
                view.goto(BASE + path)
                view.screenshot(path=os.path.join(ARTIFACTS, f"desktop-{name}-dark.png"), full_page=True)
            desktop.close()

        def light_screens():
            page.goto(f"{BASE}/settings")
            page.check("input[name=theme][value=light]")
            page.click("button:has-text('Save theme')")
            page.wait_for_url("**/settings")
            pages = [("/dashboard", "dashboard"), ("/transactions", "transactions"), ("/budgets", "budgets"),
                     ("/recurring", "recurring"), ("/categories", "categories"), ("/rules", "rules"),
                     ("/accounts", "accounts"), ("/connections", "connections"), ("/settings", "settings"),
                     ("/transactions/new", "add")] + [(path, "transaction") for path in DETAIL]
            for path, name in pages:
                page.goto(BASE + path)
                shot(page, f"phone-{name}-light")
            desktop = browser.new_context(viewport=DESKTOP, storage_state=phone.storage_state())
            view = desktop.new_page()
            for path, name in pages:
                view.goto(BASE + path)
                assert view.get_attribute("html", "data-theme") == "light"
                view.screenshot(path=os.path.join(ARTIFACTS, f"desktop-{name}-light.png"), full_page=True)
            desktop.close()

        def danger_zone_on_a_phone():
            # A household of its own, so erasing it leaves the other checks' data alone.
            for scheme in ["light", "dark"]:
                context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, color_scheme=scheme)
                view = context.new_page()
                view.set_default_timeout(15_000)
                address = f"danger-{scheme}-{int(time.time())}@example.com"
                sign_up(view, address)
                view.goto(f"{BASE}/settings")
                expect(view.locator("#data-sync")).to_contain_text("No bank is connected")
                zone = view.locator(".danger-zone")
                zone.scroll_into_view_if_needed()
                expect(zone).to_contain_text("Erase my data")
                expect(zone).to_contain_text("Delete my account")
                width = view.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE["width"], f"the settings page scrolls sideways ({width} px)"
                view.screenshot(path=os.path.join(ARTIFACTS, f"phone-danger-zone-{scheme}.png"), full_page=True)
                view.click("a:has-text('Erase my data')")
                view.wait_for_url("**/settings/erase")
                expect(view.locator("h1")).to_have_text("Erase my data?")
                expect(view.locator("main, body").first).to_contain_text("nothing erased can be recovered")
                view.fill("#erase-confirm", "erase")
                view.click("button:has-text('Erase my data')")
                expect(view.locator(".alert.error")).to_contain_text("Nothing was erased")
                shot(view, f"phone-erase-refused-{scheme}")
                view.fill("#erase-confirm", "ERASE")
                view.click("button:has-text('Erase my data')")
                view.wait_for_url("**/onboarding")
                view.goto(f"{BASE}/settings/delete-account")
                expect(view.locator(".danger-zone")).to_contain_text("the household goes with your account")
                shot(view, f"phone-delete-account-{scheme}")
                view.fill("#delete-confirm", address)
                view.click("button:has-text('Delete my account')")
                view.wait_for_url("**/login")
                view.goto(f"{BASE}/settings")
                view.wait_for_url("**/login**")
                context.close()

        def nothing_leaves_the_server():
            requested = []
            page.on("request", lambda request: requested.append(request.url))
            page.goto(f"{BASE}/dashboard")
            page.wait_for_load_state("networkidle")
            outside = [url for url in requested if not url.startswith(BASE)]
            assert not outside, outside
            weight = sum(len(page.request.get(url).body()) for url in set(requested))
            assert weight < 200_000, f"the dashboard weighs {weight} bytes"
            print(f"        dashboard with its assets: {weight} bytes, {len(set(requested))} requests")

        cards = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        cards_page = cards.new_page()
        cards_page.set_default_timeout(15_000)
        CARD_CHECKS = card_checks(browser, cards, cards_page, f"cards-{int(time.time())}@example.com")
        only = os.environ.get("GHOSTVAULT_BROWSER_ONLY")  # `cards` runs only the card miles checks, when iterating
        if only == "cards":
            for name, fn in CARD_CHECKS:
                check(name, fn)
            return finish(browser)

        check("sign up, connect the demo bridge with a token, finish onboarding", signup_and_connect)
        check("the dashboard shows the household's numbers", dashboard_numbers)
        check("tapping a chart bar and a point shows their exact numbers", tap_chart_bar)
        check("the dashboard rearranged by dragging stays rearranged after a reload", rearrange_and_reload)
        check("the menu opens and takes me to Connections", menu_to_connections)
        check("dark mode from Settings", dark_mode)
        check("filtering transactions by description and dates changes the count", transactions_filters)
        check("recategorising a transaction changes the dashboard's category totals", recategorise)
        check("unlinking a transfer pair and marking it again", unlink_and_mark)
        check("a rule made from a transaction, previewed, saved and applied", rule_from_transaction)
        check("a budget target saves as I type and is there after a reload", budget_target)
        check("dismissing a recurring pattern", dismiss_recurring)
        check("three expenses added in a row on a phone keep the chosen date; tags and flags are stored", add_three_expenses)
        check("two receipts turned, scaled down and attached; one deleted in the viewer", receipts_attached_scaled_and_deleted)
        check("analysis: expense by month, the previous month, a category filter applied and cleared, a row deleted", analysis_month_filter_delete)
        check("a monthly rent with recurrence makes the rest of the year; Generate Next Year twice gives one set", recurring_rent_and_next_year)
        check("a phone in dark mode gets the dark theme with readable buttons", system_dark)
        check("screenshots at desktop width", desktop_screens)
        check("screenshots of every page at phone and desktop width in the light theme", light_screens)
        check("the danger zone on a phone, light and dark: ERASE refused in lower case, then erased; the account deleted", danger_zone_on_a_phone)
        check("the dashboard loads nothing from elsewhere and weighs under 200 KB", nothing_leaves_the_server)
        check("issue 20: an LLM export in Markdown with rounding on at phone size, and its leak check",
              lambda: llm_export_on_a_phone(browser, phone, page))

        for name, fn in CARD_CHECKS:
            check(name, fn)

        light_desktop = browser.new_context(viewport=DESKTOP)
        view = light_desktop.new_page()
        view.goto(f"{BASE}/login")
        view.screenshot(path=os.path.join(ARTIFACTS, "desktop-login-light.png"))
        light_desktop.close()
        return finish(browser)


# ---- Issue 20: the ghost-safe LLM export ---------------------------------------------------------------------


def llm_export_on_a_phone(browser, phone, page):
    """From the Dashboard's "Export for LLM": a period, rounding to the nearest 10, Markdown, a transaction left
    out, then the leak check's verdict and the export's text (no account name, no calendar date, no cents)."""
    page.goto(f"{BASE}/dashboard")
    page.click("a:has-text('Export for LLM')")
    page.wait_for_url("**/settings/llm-export**")
    expect(page.locator("h1")).to_have_text("Export for LLM")
    page.fill("input[name=from]", "2026-09-01")
    page.fill("input[name=through]", "2026-11-20")
    page.select_option("select[name=rounding]", "nearest-10")
    page.check("input[name=format][value=markdown]")
    page.fill("input[name=q]", "coffee")
    page.click("#llm-preview")
    page.wait_for_load_state()
    expect(page.locator("table.preview").first).to_contain_text("Asset_A")
    boxes = page.locator("#exclude-list input[name=exclude]")
    if boxes.count() > 0:
        boxes.first.check()
        page.click("#llm-preview")
        page.wait_for_load_state()
    verdict = page.locator("#leak-check")
    expect(verdict).to_contain_text("Leak check: passed")
    text = page.locator("#llm-export-text").input_value()
    assert text.startswith("# Financial Summary"), text[:80]
    assert "## Narrative" in text and "Asset_A (" in text
    assert not re.search(r"\d{4}-\d{2}-\d{2}", text), "a calendar date is in the export"
    assert not re.search(r"\$[\d,]+\.\d\d", text), "an amount with cents is in the export though rounding is on"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the export page scrolls sideways ({width} px)"
    page.screenshot(path=os.path.join(ARTIFACTS, "phone-llm-export.png"), full_page=True)
    address = page.url
    for scheme in ["light", "dark"]:
        for name, viewport in [("phone", PHONE), ("desktop", DESKTOP)]:
            context = browser.new_context(viewport=viewport, color_scheme=scheme, storage_state=phone.storage_state())
            view = context.new_page()
            # The saved theme wins over the system's, so choose it in Settings for this shot.
            view.goto(f"{BASE}/settings")
            view.check(f"input[name=theme][value={scheme}]")
            view.click("button:has-text('Save theme')")
            view.goto(address)
            expect(view.locator("#leak-check")).to_be_visible()
            view.locator("#leak-check").scroll_into_view_if_needed()
            view.screenshot(path=os.path.join(ARTIFACTS, f"{name}-llm-export-{scheme}.png"), full_page=False)
            context.close()

# ---- end of issue 20 ---------------------------------------------------------------------------------------


def finish(browser):
    browser.close()
    failed = [name for name, ok, _ in results if not ok]
    print(f"{len(results) - len(failed)} of {len(results)} browser checks passed; screenshots in {ARTIFACTS}")
    return 1 if failed else 0


def card_checks(browser, context, page, email):
    """The card miles tracker (spec card-miles.md, verification steps 1, 3, 4, 7, 8, 11 to 15) on a phone, for a
    household of its own with no bank connected; each step's bars and badges as the page draws them."""

    def card_block(title):
        return page.locator("section.miles-card").filter(has=page.locator("h2", has_text=title))

    def bar(label):
        return page.locator(f"progress.miles-bar[aria-label='{label}']")

    def add_from_library(template, name, last_four=""):
        page.goto(f"{BASE}/cards/library")
        article = page.locator(f"#library-{template}")
        article.locator("summary").tap()
        if last_four:
            article.locator("input[name=lastFour]").fill(last_four)
            article.scroll_into_view_if_needed()
            page.screenshot(path=os.path.join(ARTIFACTS, "phone-card-library-add-light.png"))
        article.locator("button:has-text('Add card')").tap()
        page.wait_for_url("**/cards#miles-card-*")
        expect(page.locator(".alert.notice")).to_contain_text(f"Added {name}")

    def spend(amount, card, bonus=None):
        page.goto(f"{BASE}/transactions/new")
        page.fill("#amount", amount)
        page.select_option("#card", label=card)
        if bonus:
            expect(page.locator("#bonus-field")).to_be_visible()
            page.select_option("#bonus-category", label=bonus)
        else:
            expect(page.locator("#bonus-field")).to_be_hidden()
        page.tap("button:has-text('Save')")
        page.wait_for_url("**/transactions/new?**")
        expect(page.locator(".alert.notice")).to_contain_text("Saved")

    def first_card_from_library():
        sign_up(page, email)
        page.goto(f"{BASE}/transactions/new")
        expect(page.locator("#add-a-card")).to_contain_text("Add a card")
        page.goto(f"{BASE}/dashboard")
        page.locator("#menu-button").click()
        page.locator("#app-menu a:has-text('Cards')").click()
        page.wait_for_url("**/cards")
        expect(page.locator("#cards-onboarding")).to_contain_text("Add at least one card before logging card expenses")
        page.screenshot(path=os.path.join(ARTIFACTS, "phone-cards-onboarding-light.png"))
        page.goto(f"{BASE}/cards/library")
        expect(page.locator("#library-sc-x-card")).to_contain_text("Not a miles card")
        expect(page.locator("#library-citibank-premiermiles")).to_contain_text("Discontinu")
        lady = page.locator("#library-uob-ladys-solitaire")
        lady.locator("summary").tap()
        expect(lady.locator("select[name=category]")).to_have_count(2)
        lady.scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(ARTIFACTS, "phone-card-library-ladys-solitaire-light.png"))
        page.screenshot(path=os.path.join(ARTIFACTS, "phone-card-library-light.png"))
        add_from_library("dbs-altitude-visa", "DBS Altitude Visa Signature", last_four="1234")  # step 1
        expect(card_block("DBS Altitude Visa Signature ···1234")).to_contain_text("1.2 / 2.0 / 1.2 mpd")

    def expense_updates_the_card():  # step 3
        spend("100", "DBS Altitude Visa Signature ···1234")
        page.goto(f"{BASE}/cards")
        block = card_block("DBS Altitude Visa Signature")
        expect(block.locator(".cycle-spend")).to_have_text("S$100")
        expect(page.locator("#month-spend")).to_have_text("S$100")

    def minimum_crossed_turns_green():  # steps 4 and 15: a minimum set on the edit page, then crossed
        page.goto(f"{BASE}/cards")
        card_block("DBS Altitude Visa Signature").locator("a:has-text('Edit')").tap()
        page.wait_for_url(re.compile(r".*/cards/[0-9a-f-]{36}$"))
        page.fill("#minimum", "150")
        page.tap("button:has-text('Save changes')")
        page.wait_for_url(re.compile(r".*/cards/[0-9a-f-]{36}$"))
        badge = page.locator("#cycle .badge.status")
        expect(badge).to_have_text("Below minimum")
        expect(badge).to_have_class(re.compile("orange"))
        expect(bar("Minimum: S$100 / S$150")).to_have_class(re.compile("orange"))
        spend("60", "DBS Altitude Visa Signature ···1234")
        page.goto(f"{BASE}/cards")
        block = card_block("DBS Altitude Visa Signature")
        expect(block.locator(".badge.status")).to_have_text("Minimum met")
        expect(block.locator(".badge.status")).to_have_class(re.compile("green"))
        expect(bar("Minimum: S$160 / S$150")).to_have_class(re.compile("green"))
        colour = block.locator(".badge.status").evaluate("b => getComputedStyle(b).color")
        assert colour == "rgb(15, 138, 95)", f"the met badge is {colour}, not the theme's green"

    def preferred_platinum_caps():  # steps 7 and 8
        add_from_library("uob-preferred-platinum", "UOB Preferred Platinum Visa")
        expect(bar("Online: S$0 / S$600")).to_be_visible()
        expect(bar("Contactless: S$0 / S$600")).to_be_visible()
        page.goto(f"{BASE}/transactions/new")
        page.select_option("#card", label="UOB Preferred Platinum Visa")
        offered = page.eval_on_selector_all("#bonus-category option", "os => os.filter(o => !o.hidden).map(o => o.textContent)")
        assert offered == ["Online", "Contactless", "General"], offered
        page.screenshot(path=os.path.join(ARTIFACTS, "phone-add-card-light.png"))
        spend("100", "UOB Preferred Platinum Visa", bonus="Online")
        page.goto(f"{BASE}/cards")
        expect(bar("Online: S$100 / S$600")).to_have_class(re.compile("blue"))
        expect(bar("Contactless: S$0 / S$600")).to_be_visible()

    def visa_signature_caps_with_minimum():  # steps 11 to 14
        add_from_library("uob-visa-signature", "UOB Visa Signature")
        expect(bar("Foreign currency: S$0 / S$1,000 min")).to_be_visible()
        expect(bar("Contactless: S$0 / S$1,000 min")).to_be_visible()
        spend("500", "UOB Visa Signature", bonus="Contactless")
        page.goto(f"{BASE}/cards")
        expect(bar("Contactless: S$500 / S$1,000 min")).to_have_class(re.compile("orange"))
        spend("600", "UOB Visa Signature", bonus="Contactless")
        page.goto(f"{BASE}/cards")
        expect(bar("Contactless: S$1,100 / S$1,200 cap")).to_have_class(re.compile("green"))
        expect(bar("Foreign currency: S$0 / S$1,000 min")).to_have_class(re.compile("orange"))
        filled = bar("Contactless: S$1,100 / S$1,200 cap").evaluate("b => b.value")
        assert filled == 91, filled  # 1,100 of 1,200, whole percent
        card_block("UOB Visa Signature").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(ARTIFACTS, "phone-cards-light.png"))

    def which_card():
        page.goto(f"{BASE}/cards")
        page.fill("#which-amount", "100")
        page.select_option("#which-category", label="Online")
        page.tap("button:has-text('Rank my cards')")
        page.wait_for_url(re.compile(r".*/cards\?.*amount=100.*"))
        first = page.locator("#which-answer li").first
        expect(first).to_contain_text("UOB Preferred Platinum Visa")
        expect(first).to_contain_text("400 miles")
        page.locator("#which-card").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(ARTIFACTS, "phone-which-card-light.png"))

    def nothing_from_elsewhere():
        requested = []
        listener = lambda request: requested.append(request.url)
        page.on("request", listener)
        for path in ["/cards", "/cards/library", "/cards/new"]:
            page.goto(BASE + path)
            page.wait_for_load_state("networkidle")
        page.remove_listener("request", listener)
        outside = [url for url in requested if not url.startswith(BASE)]
        assert not outside, outside

    def screenshots():
        page.goto(f"{BASE}/cards")
        ids = page.eval_on_selector_all("section.miles-card", "s => s.map(c => c.dataset.milesCard)")
        paths = [("/cards", "cards"), ("/cards/library", "card-library"), ("/cards/new", "card-new"),
                 (f"/cards/{ids[-1]}", "card"), (f"/cards/{ids[0]}/delete", "card-delete"),
                 ("/transactions/new", "add-card"), ("/dashboard", "dashboard-cards")]
        for theme in ["light", "dark"]:
            page.goto(f"{BASE}/settings")
            page.check(f"input[name=theme][value={theme}]")
            page.click("button:has-text('Save theme')")
            page.wait_for_url("**/settings")
            desktop = browser.new_context(viewport=DESKTOP, storage_state=context.storage_state())
            view = desktop.new_page()
            for path, name in paths:
                page.goto(BASE + path)
                if name == "add-card":
                    page.select_option("#card", label="UOB Visa Signature")
                page.screenshot(path=os.path.join(ARTIFACTS, f"phone-{name}-{theme}-full.png"), full_page=True)
                view.goto(BASE + path)
                view.screenshot(path=os.path.join(ARTIFACTS, f"desktop-{name}-{theme}.png"), full_page=True)
            desktop.close()

    def custom_card_refused_then_added():  # step 2, with a refused first try
        page.goto(f"{BASE}/cards/new")
        page.fill("#name", "Everyday")
        page.fill("#minimum", "five hundred")
        page.check("input[name=cycle][value=statement]")
        page.tap("button:has-text('Add card')")
        expect(page.locator("#minimumSpend-problem")).to_be_visible()
        expect(page.locator("#statementDay-problem")).to_contain_text("Give the statement day")
        expect(page.locator("#minimum")).to_have_value("five hundred")
        expect(page.locator("#name")).to_have_value("Everyday")
        page.locator("#minimum").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(ARTIFACTS, "phone-card-new-refused-light.png"))
        page.fill("#minimum", "500")
        page.fill("#statementDay", "15")
        page.tap("button:has-text('Add card')")
        page.wait_for_url("**/cards#miles-card-*")
        block = card_block("Everyday")
        expect(block.locator(".cycle-dates")).to_have_text(re.compile(r"^\w{3} 15 – \w{3} 14, \d{4} · statement day 15$"))
        expect(block.locator(".badge.status")).to_have_text("Below minimum")

    def delete_with_confirmation():  # step 16: its two manual expenses go with it, after a confirmation
        page.goto(f"{BASE}/cards")
        card_block("DBS Altitude Visa Signature").locator("a:has-text('Edit')").tap()
        page.locator("a:has-text('Delete DBS Altitude')").tap()
        page.wait_for_url("**/delete")
        expect(page.locator("#confirm-delete")).to_contain_text("also deletes its 2 manual expenses")
        page.tap("button:has-text('Delete card and 2 manual expenses')")
        page.wait_for_url("**/cards")
        expect(page.locator(".alert.notice")).to_contain_text("Deleted DBS Altitude Visa Signature ···1234 and its 2 manual expenses")
        expect(card_block("DBS Altitude Visa Signature")).to_have_count(0)

    return [
        ("cards: the first card added from the library with its last four digits (step 1)", first_card_from_library),
        ("cards: a $100 expense on the Add page updates the cards page (step 3)", expense_updates_the_card),
        ("cards: crossing the minimum turns the badge green (steps 4, 15)", minimum_crossed_turns_green),
        ("cards: UOB Preferred Platinum's Online and Contactless caps (steps 7, 8)", preferred_platinum_caps),
        ("cards: UOB Visa Signature's caps with a $1,000 minimum (steps 11 to 14)", visa_signature_caps_with_minimum),
        ("cards: which card should I use", which_card),
        ("cards: a custom card refused with messages beside its fields, then added (step 2)", custom_card_refused_then_added),
        ("cards: the cards pages load nothing from elsewhere", nothing_from_elsewhere),
        ("cards: screenshots, phone and desktop, light and dark", screenshots),
        ("cards: delete asks first and takes the card's manual expenses with it (step 16)", delete_with_confirmation),
    ]


def money(decimal):
    """'-1234.50' as the pages show it: '-$1,234.50'."""
    negative = decimal.startswith("-")
    whole, _, cents = decimal.lstrip("-").partition(".")
    grouped = f"{int(whole):,}"
    return ("-" if negative else "") + "$" + grouped + ("." + cents if cents else "")


if __name__ == "__main__":
    sys.exit(main())
