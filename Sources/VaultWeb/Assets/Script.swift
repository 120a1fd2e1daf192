/// The app's one script: small enhancements over pages that work without it (DESIGN section 5).
enum Script {
    static let js = """
        "use strict";
        (function () {
          const csrf = () => (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
          document.documentElement.classList.add("scripted");

          // The installable app: the service worker keeps the shell; offline, an open page says it shows what
          // was last loaded, and the offline page reloads itself once the connection is back.
          if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
          const offlineNote = () => {
            let note = document.getElementById("offline-note");
            if (navigator.onLine) { if (note) note.remove(); return; }
            if (note) return;
            note = document.createElement("p");
            note.id = "offline-note";
            note.className = "alert offline-note";
            note.setAttribute("role", "status");
            note.textContent = "You are offline: showing what was last loaded.";
            document.querySelector("main")?.prepend(note);
          };
          window.addEventListener("offline", offlineNote);
          window.addEventListener("online", () => {
            offlineNote();
            if (document.querySelector("[data-offline]")) window.location.reload();
          });
          offlineNote();
          // The offline page shown while the browser says it is online (the connection came back as the page
          // reloaded, or the server was briefly away) tries again every few seconds until the page loads.
          if (document.querySelector("[data-offline]") && navigator.onLine) {
            setTimeout(() => window.location.reload(), 3000);
          }

          // Add: the category list follows the type, tags are normalised when committed (comma, Enter, leaving
          // the field), suggestion chips toggle their tag in the field, and the flags' summary follows the chips.
          const capture = document.getElementById("capture");
          if (capture) {
            const category = capture.querySelector("#category");
            const followType = () => {
              const kind = capture.querySelector("input[name=type]:checked").value;
              category.querySelectorAll("optgroup").forEach((group) => {
                const mine = group.dataset.kind === kind;
                group.hidden = !mine;
                group.disabled = !mine;
              });
              const chosen = category.selectedOptions[0];
              if (chosen && chosen.parentElement.disabled) category.value = "";
            };
            capture.querySelectorAll("input[name=type]").forEach((radio) => radio.addEventListener("change", followType));
            followType();

            const tags = capture.querySelector("#tags");
            const normalise = (text) => text.split(",").map((tag) => tag.trim().replace(/\\s+/g, " ").toLowerCase())
              .filter((tag, index, all) => tag && all.indexOf(tag) === index);
            const syncChips = (list) => {
              capture.querySelectorAll("#tag-chips input").forEach((chip) => { chip.checked = list.includes(chip.value); });
            };
            const commit = (keepTrailing) => {
              const list = normalise(tags.value);
              tags.value = list.join(", ") + (keepTrailing && list.length ? ", " : "");
              syncChips(list);
            };
            tags.addEventListener("keydown", (event) => {
              if (event.key === "Enter") { event.preventDefault(); commit(false); tags.blur(); }
            });
            tags.addEventListener("input", () => { if (tags.value.endsWith(",")) commit(true); });
            tags.addEventListener("blur", () => commit(false));
            capture.querySelectorAll("#tag-chips input").forEach((chip) => {
              chip.addEventListener("change", () => {
                let list = normalise(tags.value).filter((tag) => tag !== chip.value);
                if (chip.checked) list.push(chip.value);
                tags.value = list.join(", ");
              });
            });

            const summary = capture.querySelector("#flag-summary");
            const showFlags = () => {
              const set = [...capture.querySelectorAll("#flags input:checked")].map((input) => input.value)
                .filter((value) => value).map((value) => value[0].toUpperCase() + value.slice(1));
              summary.textContent = set.length ? set.join(" \\u2022 ") : "None";
            };
            capture.querySelectorAll("#flags input").forEach((input) => input.addEventListener("change", showFlags));
            // Chips ticked in the field and as suggestions are one list: the server reads both, so send it once.
            capture.addEventListener("submit", () => {
              commit(false);
              capture.querySelectorAll("#tag-chips input").forEach((chip) => { chip.disabled = true; });
            });
          }

          // Receipts: a photo is turned, cropped and scaled down in the page before it is sent (about 1600 px on
          // the long side, JPEG), so uploads stay small; a PDF goes as it is. Thumbnails open a full-screen viewer
          // with Close and Delete. Without scripts the forms post the file as chosen and thumbnails are links.
          const longSide = 1600;
          // Prepares one chosen file and hands it to `done`; `cancel` runs when the person backs out.
          const editor = (file, done, cancel) => {
            if (!/^image\\/(jpeg|png|webp)$/.test(file.type)) { done(file); return; }
            createImageBitmap(file, { imageOrientation: "from-image" }).then((bitmap) => {
              let turns = 0;
              let crop = null;  // in the turned image's pixels
              const panel = document.createElement("dialog");
              panel.className = "receipt-editor";
              panel.setAttribute("aria-label", "Prepare the receipt");
              panel.innerHTML = '<canvas></canvas><p class="small muted">Drag across the photo to crop it.</p>' +
                '<div class="row"><button type="button" class="secondary" data-act="turn">Rotate</button>' +
                '<button type="button" class="secondary" data-act="reset">Undo crop</button>' +
                '<button type="button" class="secondary" data-act="cancel">Cancel</button>' +
                '<button type="button" data-act="attach">Attach</button></div>';
              document.body.appendChild(panel);
              const canvas = panel.querySelector("canvas");
              const turned = () => {
                const side = turns % 2 === 1;
                const work = document.createElement("canvas");
                work.width = side ? bitmap.height : bitmap.width;
                work.height = side ? bitmap.width : bitmap.height;
                const context = work.getContext("2d");
                context.translate(work.width / 2, work.height / 2);
                context.rotate(turns * Math.PI / 2);
                context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
                return work;
              };
              let source = turned();
              const draw = () => {
                const scale = Math.min(1, 900 / Math.max(source.width, source.height));
                canvas.width = Math.round(source.width * scale);
                canvas.height = Math.round(source.height * scale);
                const context = canvas.getContext("2d");
                context.drawImage(source, 0, 0, canvas.width, canvas.height);
                if (crop) {
                  context.fillStyle = "rgba(0, 0, 0, .45)";
                  const [x, y, w, h] = crop.map((value) => value * scale);
                  context.fillRect(0, 0, canvas.width, y);
                  context.fillRect(0, y + h, canvas.width, canvas.height - y - h);
                  context.fillRect(0, y, x, h);
                  context.fillRect(x + w, y, canvas.width - x - w, h);
                }
              };
              let start = null;
              const point = (event) => {
                const box = canvas.getBoundingClientRect();
                const factor = source.width / box.width;
                return [(event.clientX - box.left) * factor, (event.clientY - box.top) * factor];
              };
              canvas.addEventListener("pointerdown", (event) => { start = point(event); canvas.setPointerCapture(event.pointerId); });
              canvas.addEventListener("pointermove", (event) => {
                if (!start) return;
                const [x, y] = point(event);
                const left = Math.max(0, Math.min(start[0], x)), top = Math.max(0, Math.min(start[1], y));
                const w = Math.min(source.width, Math.max(start[0], x)) - left;
                const h = Math.min(source.height, Math.max(start[1], y)) - top;
                crop = w > 20 && h > 20 ? [left, top, w, h] : null;
                draw();
              });
              canvas.addEventListener("pointerup", () => { start = null; });
              panel.addEventListener("click", (event) => {
                const act = event.target.dataset && event.target.dataset.act;
                if (act === "turn") { turns = (turns + 1) % 4; crop = null; source = turned(); draw(); }
                if (act === "reset") { crop = null; draw(); }
                if (act === "cancel") { panel.close(); panel.remove(); cancel(); }
                if (act === "attach") {
                  const [x, y, w, h] = crop || [0, 0, source.width, source.height];
                  const scale = Math.min(1, longSide / Math.max(w, h));
                  const out = document.createElement("canvas");
                  out.width = Math.round(w * scale);
                  out.height = Math.round(h * scale);
                  out.getContext("2d").drawImage(source, x, y, w, h, 0, 0, out.width, out.height);
                  out.toBlob((blob) => {
                    const name = (file.name || "receipt").replace(/\\.[^.]*$/, "") + ".jpg";
                    panel.close();
                    panel.remove();
                    done(new File([blob], name, { type: "image/jpeg" }));
                  }, "image/jpeg", 0.85);
                }
              });
              draw();
              panel.showModal();
            }).catch(() => done(file));
          };
          const filesOf = (list) => { const files = new DataTransfer(); list.forEach((f) => files.items.add(f)); return files.files; };
          document.querySelectorAll("#receipts form[enctype='multipart/form-data']").forEach((form) => {
            const input = form.querySelector("input[type=file]");
            const button = form.querySelector("button[type=submit]");
            if (button) button.hidden = true;  // choosing the file is enough
            input.removeAttribute("required");
            input.addEventListener("change", () => {
              if (!input.files[0]) return;
              editor(input.files[0], (ready) => { input.files = filesOf([ready]); form.submit(); }, () => { input.value = ""; });
            });
          });
          // Add: receipts chosen one at a time, each prepared, shown with a count and a Remove, and sent with Save.
          const picks = document.getElementById("receipt-picks");
          if (picks) {
            const chosen = [];
            const inputs = [...document.querySelectorAll("#capture-receipts input[type=file]")];
            const count = document.getElementById("receipt-count");
            const show = () => {
              picks.replaceChildren(...chosen.map((file, index) => {
                const item = document.createElement("li");
                const tile = document.createElement("span");
                tile.className = "receipt-thumb";
                if (file.type === "application/pdf") { tile.textContent = "PDF"; } else {
                  const image = document.createElement("img");
                  image.alt = file.name;
                  const reader = new FileReader();
                  reader.onload = () => { image.src = reader.result; };
                  reader.readAsDataURL(file);
                  tile.appendChild(image);
                }
                const remove = document.createElement("button");
                remove.type = "button";
                remove.className = "link";
                remove.textContent = "Remove";
                remove.addEventListener("click", () => { chosen.splice(index, 1); show(); });
                item.append(tile, remove);
                return item;
              }));
              picks.hidden = chosen.length === 0;
              count.textContent = chosen.length ? "(" + chosen.length + ")" : "";
            };
            inputs.forEach((input) => input.addEventListener("change", () => {
              const file = input.files[0];
              input.value = "";
              if (file) editor(file, (ready) => { chosen.push(ready); show(); }, () => {});
            }));
            const limit = Number(picks.dataset.limit || 0);
            document.getElementById("capture").addEventListener("submit", (event) => {
              const total = chosen.reduce((sum, file) => sum + file.size, 0);
              if (limit && total > limit) {
                event.preventDefault();
                window.alert("These receipts add up to more than an entry takes. Remove one, or attach it from the transaction's page after saving.");
                return;
              }
              inputs[1].multiple = true;
              inputs[1].files = filesOf(chosen);
            });
          }

          document.querySelectorAll("#receipts .receipt-thumb").forEach((thumb) => {
            const image = thumb.querySelector("img");
            if (!image) return;
            thumb.addEventListener("click", (event) => {
              event.preventDefault();
              const item = thumb.closest("li");
              const remove = item.querySelector("form[action$='/delete']");
              const viewer = document.createElement("dialog");
              viewer.className = "receipt-viewer";
              viewer.setAttribute("aria-label", "Receipt");
              viewer.innerHTML = '<img alt=""><div class="row"><button type="button" class="secondary" data-act="close">Close</button>' +
                '<button type="button" class="danger" data-act="delete">Delete</button></div>';
              viewer.querySelector("img").src = image.src;
              viewer.querySelector("img").alt = image.alt;
              document.body.appendChild(viewer);
              viewer.addEventListener("click", (click) => {
                const act = click.target.dataset && click.target.dataset.act;
                if (act === "close") { viewer.close(); viewer.remove(); }
                if (act === "delete" && window.confirm("Delete this receipt? It cannot be brought back.")) remove.submit();
              });
              viewer.addEventListener("close", () => viewer.remove());
              viewer.showModal();
            });
          });

          // Analysis: a swipe left on a row opens its Delete (the button is there without touch too).
          document.querySelectorAll(".analysis-row").forEach((row) => {
            let startX = null, startY = null;
            row.addEventListener("touchstart", (event) => {
              startX = event.touches[0].clientX; startY = event.touches[0].clientY;
            }, { passive: true });
            row.addEventListener("touchend", (event) => {
              if (startX === null) return;
              const dx = event.changedTouches[0].clientX - startX;
              const dy = event.changedTouches[0].clientY - startY;
              startX = null;
              if (dx < -60 && Math.abs(dy) < 40) {
                const details = row.querySelector("details.row-delete");
                if (details) { details.open = true; details.querySelector("button")?.focus(); }
              }
            });
          });

          // Add: the bonus category picker shows only the chosen card's categories, and only for a card with caps;
          // a card's expense goes into the card's account, so the account picker steps aside while a card is chosen.
          const cardPick = document.getElementById("card");
          const bonusField = document.getElementById("bonus-field");
          if (cardPick && bonusField) {
            const bonus = bonusField.querySelector("select");
            const followCard = () => {
              const chosen = cardPick.selectedOptions[0];
              const allowed = ((chosen && chosen.dataset.categories) || "").split(" ").filter((key) => key);
              bonusField.hidden = allowed.length === 0;
              [...bonus.options].forEach((option) => {
                const mine = allowed.includes(option.value);
                option.hidden = !mine;
                option.disabled = !mine;
              });
              if (allowed.length && !allowed.includes(bonus.value)) bonus.value = "general";
              const account = document.getElementById("account-field");
              if (account) account.hidden = cardPick.value !== "";
            };
            cardPick.addEventListener("change", followCard);
            followCard();
          }

          // Add: the recurrence row says what is set; changing the schedule turns Recurring on.
          const recurrence = document.getElementById("recurrence");
          if (recurrence) {
            const summary = document.getElementById("recurrence-summary");
            const on = document.getElementById("recurring");
            const value = (id) => document.getElementById(id).value;
            const units = { daily: "day", weekly: "week", monthly: "month", yearly: "year" };
            const update = (event) => {
              if (event && event.target !== on) on.checked = true;
              if (!on.checked) { summary.textContent = "None"; return; }
              const cadence = value("cadence");
              const every = parseInt(value("interval") || "1", 10);
              const parts = [
                every > 1 ? `Every ${every} ${units[cadence]}s` : cadence[0].toUpperCase() + cadence.slice(1),
                value("start") ? `Starts ${value("start")}` : "Starts with the entry",
              ];
              if (value("end")) parts.push(`Until ${value("end")}`);
              summary.textContent = parts.join(" • ");
            };
            recurrence.addEventListener("change", update);
          }

          // A transaction row's forms (category, notes, exclude) save in place: the row updates and the person
          // stays where they were. Without scripts they post and come back to the row's anchor.
          const saveInPlace = async (form) => {
            const row = form.closest("[data-transaction]") || form.closest("tr");
            const state = row && row.querySelector(".save-state");
            const say = (text, kind) => { if (state) { state.textContent = text; state.className = "save-state small " + kind; } };
            say("Saving…", "muted");
            try {
              const response = await fetch(form.action, {
                method: "POST",
                headers: { "Accept": "application/json", "X-CSRF-Token": csrf() },
                body: new URLSearchParams(new FormData(form)),
              });
              const answer = await response.json().catch(() => ({}));
              if (!response.ok) throw new Error((answer.error && answer.error.message) || "Not saved; try again.");
              say("Saved", "saved");
              if (row) {
                const badge = row.querySelector(".excluded-badge");
                if (badge) badge.hidden = !answer.excluded;
                const notes = row.querySelector(".notes-col");
                if (notes) notes.textContent = answer.notes || "";
                const menu = form.closest("details.row-menu");
                if (menu) menu.open = false;
              }
            } catch (error) {
              say(error.message, "failed");
            }
          };
          document.querySelectorAll("form[data-inplace]").forEach((form) => {
            form.addEventListener("submit", (event) => { event.preventDefault(); saveInPlace(form); });
          });
          // A dropdown that saves on change (a transaction's category, a page size).
          document.querySelectorAll("form[data-submit-on-change] select").forEach((select) => {
            select.addEventListener("change", () => {
              if (select.form.hasAttribute("data-inplace")) saveInPlace(select.form); else select.form.submit();
            });
          });

          // Budget targets and notes save as a person types, and say so.
          document.querySelectorAll("form[data-autosave]").forEach((form) => {
            const row = form.closest("tr");
            const state = row.querySelector(".save-state");
            const fields = [...row.querySelectorAll("input[name=target], input[name=notes]")];
            let timer = null;
            let sent = 0;
            const save = async () => {
              const mine = ++sent;
              const body = {};
              fields.forEach((field) => { body[field.name] = field.value; });
              state.textContent = "Saving…";
              state.className = "save-state small muted";
              try {
                const response = await fetch(form.dataset.autosave, {
                  method: "PUT",
                  headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf() },
                  body: JSON.stringify(body),
                });
                const answer = await response.json().catch(() => ({}));
                if (mine !== sent) return;  // a newer change is on its way
                if (!response.ok) throw new Error((answer.error && answer.error.message) || "Not saved.");
                fields.forEach((field) => field.removeAttribute("aria-invalid"));
                state.textContent = "Saved";
                state.className = "save-state small saved";
              } catch (error) {
                if (mine !== sent) return;
                fields[0].setAttribute("aria-invalid", "true");
                state.textContent = error.message;
                state.className = "save-state small failed";
              }
            };
            // Left (target minus actual, negative when over) follows the target as it is typed, before it is saved.
            const left = row.querySelector(".budget-left");
            const target = row.querySelector("input[name=target]");
            const showLeft = () => {
              if (!left || !row.dataset.actual) return;
              const typed = target.value.replace(/[^0-9.\\-]/g, "");
              if (typed === "" || isNaN(Number(typed))) { left.textContent = ""; return; }
              const cents = Math.round(Number(typed) * 100) - Math.round(Number(row.dataset.actual) * 100);
              left.classList.toggle("out", cents < 0);
              left.classList.toggle("in", cents >= 0);
              try {
                left.textContent = new Intl.NumberFormat("en-US", { style: "currency", currency: row.dataset.currency })
                  .format(cents / 100);
              } catch (error) { left.textContent = (cents / 100).toFixed(2); }
            };
            if (target) target.addEventListener("input", showLeft);
            fields.forEach((field) => field.addEventListener("input", () => {
              clearTimeout(timer);
              state.textContent = "…";
              timer = setTimeout(save, 500);
            }));
            form.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(timer); save(); });
          });

          // The menu: the round button expands it over the page; the button again, a place, or Escape
          // animates it back into the button.
          const button = document.getElementById("menu-button");
          const menu = document.getElementById("app-menu");
          if (button && menu) {
            let closing = null;
            const open = () => {
              clearTimeout(closing);
              menu.hidden = false;
              requestAnimationFrame(() => requestAnimationFrame(() => menu.classList.add("open")));
              button.setAttribute("aria-expanded", "true");
              button.setAttribute("aria-label", "Close the menu");
              const first = menu.querySelector("a");
              if (first) setTimeout(() => first.focus(), 50);
            };
            const close = (then) => {
              menu.classList.remove("open");
              button.setAttribute("aria-expanded", "false");
              button.setAttribute("aria-label", "Open the menu");
              let done = false;
              const finish = () => {
                // Opened again while closing: stay open.
                if (done || button.getAttribute("aria-expanded") === "true") return;
                done = true;
                menu.hidden = true;
                if (then) then();
              };
              menu.addEventListener("transitionend", finish, { once: true });
              closing = setTimeout(finish, 400);
            };
            button.addEventListener("click", (event) => {
              event.preventDefault();
              if (button.getAttribute("aria-expanded") === "true") close(() => button.focus()); else open();
            });
            menu.addEventListener("click", (event) => {
              const link = event.target.closest("a");
              if (!link) return;
              event.preventDefault();
              close(() => { window.location.href = link.href; });
            });
            document.addEventListener("keydown", (event) => {
              if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") close(() => button.focus());
            });
          }

          // Charts: tapping, clicking or focusing a bar or point shows its exact numbers.
          document.querySelectorAll(".chart").forEach((chart) => {
            const readout = chart.querySelector(".readout");
            const show = (mark) => {
              chart.querySelectorAll(".selected").forEach((m) => m.classList.remove("selected"));
              mark.classList.add("selected");
              if (readout) readout.textContent = mark.dataset.text;
            };
            chart.querySelectorAll("[data-text]").forEach((mark) => {
              mark.addEventListener("click", () => show(mark));
              mark.addEventListener("focus", () => show(mark));
              mark.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") show(mark); });
            });
            chart.querySelectorAll("[data-chart-view]").forEach((link) => {
              link.addEventListener("click", (event) => {
                event.preventDefault();
                const view = link.dataset.chartView;
                // SVG elements have no .hidden property: toggle the attribute.
                chart.querySelectorAll("[data-view]").forEach((svg) => svg.toggleAttribute("hidden", svg.dataset.view !== view));
                chart.querySelectorAll("[data-legend]").forEach((legend) => {
                  legend.hidden = !legend.dataset.legend.split(" ").includes(view);
                });
                // The lens's Bar and Donut are both "50/30/20": its link stays current for either.
                chart.querySelectorAll("[data-chart-view]").forEach((l) => {
                  const current = l.dataset.chartView === view
                    || (!l.hasAttribute("data-exact") && view.startsWith(l.dataset.chartView + "-"));
                  l.setAttribute("aria-current", String(current));
                });
                if (readout) readout.textContent = "";
              });
            });
          });

          // Sync Now: runs the sync in the background and shows that it is working.
          document.querySelectorAll("form[data-sync]").forEach((form) => {
            form.addEventListener("submit", async (event) => {
              event.preventDefault();
              const submit = form.querySelector("button");
              const status = document.getElementById("sync-status");
              const label = submit.textContent;
              submit.disabled = true;
              submit.setAttribute("aria-busy", "true");
              submit.textContent = "Syncing";
              if (status) status.textContent = "Syncing accounts…";
              try {
                const response = await fetch(form.dataset.sync, { method: "POST", headers: { "X-CSRF-Token": csrf() } });
                const body = await response.json().catch(() => ({}));
                if (!response.ok) throw new Error((body.error && body.error.message) || "The sync failed.");
                // A failed sync is an answer too: the reloaded page shows its reason (and Retry on Settings).
                window.location.reload();
              } catch (error) {
                if (status) status.textContent = error.message;
                submit.disabled = false;
                submit.removeAttribute("aria-busy");
                submit.textContent = label;
              }
            });
          });

          // The dashboard's gear: rearrange cards by dragging (mouse or touch); the rest move to fill the gap.
          const board = document.querySelector(".dashboard");
          const gear = document.getElementById("edit-layout");
          if (board && gear) {
            gear.addEventListener("click", (event) => {
              event.preventDefault();
              const editing = board.classList.toggle("editing");
              gear.setAttribute("aria-pressed", String(editing));
              document.getElementById("hidden-cards")?.toggleAttribute("hidden", !editing);
            });
            // The board, not the card, holds the pointer: a card moved in the page loses its capture, and then
            // the drop would never come (issue 21). The dragged card follows the finger; the others glide into
            // the gap (a FLIP animation), like icons on a phone's home screen.
            let drag = null;
            const cardsNow = () => [...board.querySelectorAll(":scope > .card[data-card]")];
            const save = async () => {
              const layout = cardsNow().map((c) => c.dataset.card);
              const status = document.getElementById("layout-status");
              if (status) status.textContent = "Saving…";
              try {
                const response = await fetch("/api/v1/me/dashboard", {
                  method: "PUT",
                  headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf() },
                  body: JSON.stringify({ layout }),
                });
                if (!response.ok) throw new Error(String(response.status));
                if (status) status.textContent = "Saved.";
              } catch (error) {
                if (status) status.textContent = "The new order could not be saved; reload the page and try again.";
              }
            };
            const follow = () => {
              if (!drag) return;
              const card = drag.card;
              card.style.transform = "";
              const box = card.getBoundingClientRect();
              card.style.transform = `translate(${drag.x - drag.grabX - box.left}px, ${drag.y - drag.grabY - box.top}px)`;
            };
            const reorder = () => {
              const over = document.elementsFromPoint(drag.x, drag.y)
                .map((el) => el.closest(".card[data-card]")).find((card) => card && card !== drag.card && board.contains(card));
              if (!over) return;
              const box = over.getBoundingClientRect();
              const after = drag.y > box.top + box.height / 2;
              const anchor = after ? over.nextElementSibling : over;
              if (anchor === drag.card || (after && over.nextElementSibling === drag.card)) return;
              if (!after && over.previousElementSibling === drag.card) return;
              const others = cardsNow().filter((card) => card !== drag.card);
              const before = new Map(others.map((card) => [card, card.getBoundingClientRect()]));
              board.insertBefore(drag.card, anchor);
              const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
              others.forEach((card) => {
                const was = before.get(card);
                const now = card.getBoundingClientRect();
                const dx = was.left - now.left, dy = was.top - now.top;
                if (!still && (dx || dy) && card.animate) {
                  card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
                    { duration: 180, easing: "ease-out" });
                }
              });
            };
            // Near the top or bottom of the screen the page scrolls, so a card can travel the whole board.
            const scrollLoop = () => {
              if (!drag) return;
              const edge = 70;
              const speed = drag.y < edge ? -(edge - drag.y) / 3 : drag.y > window.innerHeight - edge - 80
                ? (drag.y - (window.innerHeight - edge - 80)) / 3 : 0;
              if (speed) { window.scrollBy(0, speed); reorder(); follow(); }
              drag.frame = requestAnimationFrame(scrollLoop);
            };
            board.addEventListener("pointerdown", (event) => {
              // Cards move by their handle only, so the page still scrolls under a finger elsewhere.
              if (drag || !board.classList.contains("editing") || !event.target.closest(".drag-handle")) return;
              const card = event.target.closest(".card[data-card]");
              if (!card) return;
              const box = card.getBoundingClientRect();
              drag = { card, pointer: event.pointerId, x: event.clientX, y: event.clientY,
                grabX: event.clientX - box.left, grabY: event.clientY - box.top,
                order: cardsNow().map((c) => c.dataset.card).join(), frame: 0 };
              card.classList.add("dragging");
              try { board.setPointerCapture(event.pointerId); } catch (error) { /* the window listeners still end it */ }
              event.preventDefault();
              drag.frame = requestAnimationFrame(scrollLoop);
            });
            const move = (event) => {
              if (!drag || event.pointerId !== drag.pointer) return;
              event.preventDefault();
              drag.x = event.clientX;
              drag.y = event.clientY;
              reorder();
              follow();
            };
            const drop = (event) => {
              if (!drag || (event && event.pointerId !== undefined && event.pointerId !== drag.pointer)) return;
              const { card, order, frame } = drag;
              drag = null;
              cancelAnimationFrame(frame);
              card.style.transform = "";
              card.classList.remove("dragging");
              if (cardsNow().map((c) => c.dataset.card).join() !== order) save();
            };
            board.addEventListener("pointermove", move);
            window.addEventListener("pointermove", move);
            ["pointerup", "pointercancel", "lostpointercapture"].forEach((type) => {
              board.addEventListener(type, drop);
              window.addEventListener(type, drop);
            });
            // A touch that the browser would turn into a scroll is kept for the drag instead.
            board.addEventListener("touchmove", (event) => { if (drag) event.preventDefault(); }, { passive: false });
          }
        })();
        // Copy buttons: `data-copy` names the element whose text goes to the clipboard (the LLM export).
        document.querySelectorAll("button[data-copy]").forEach((button) => {
          button.hidden = false;
          button.addEventListener("click", async () => {
            const source = document.getElementById(button.dataset.copy);
            if (!source) return;
            try {
              await navigator.clipboard.writeText(source.value || source.textContent);
              button.textContent = "Copied";
            } catch {
              source.select && source.select();
              button.textContent = "Select and copy";
            }
          });
        });
        """
}
