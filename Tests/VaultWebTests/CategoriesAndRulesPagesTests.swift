import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

@Suite struct CategoriesPagesTests {
    @Test("create a category under a parent, edit it on its own page, and remove it after reading what happens")
    func lifecycle() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            var html = try await browser.page("/categories").html
            #expect(html.contains(">Create Category<") && html.contains(">Category Tree<"))
            let dining = try #require(Browser.first(#"<option value="([0-9a-f-]{36})">[^<]*Dining</option>"#, in: html))
            let created = try await browser.submit(
                "/categories", from: "/categories",
                ["name": "Brunch", "kind": "expense", "parent": dining, "emoji": "🥞", "color": "#3498DB"])
            #expect(created.status == .seeOther)
            html = try await browser.page("/categories").html
            #expect(html.contains("Created Brunch."))
            #expect(html.contains("🥞 Brunch"))
            #expect(html.contains("fill=\"#3498DB\""))
            let id = try #require(
                Browser.first(
                    #"Brunch</td>\s*<td data-label="Type">Expense</td>\s*<td data-label=""><a class="button secondary" href="/categories/([0-9a-f-]{36})/edit""#,
                    in: html))
            let edit = try await browser.page("/categories/\(id)/edit").html
            #expect(edit.contains("value=\"Brunch\""))
            #expect(edit.contains(">Discard<"))
            let refused = try await browser.submit(
                "/categories/\(id)", from: "/categories/\(id)/edit", ["name": "", "kind": "expense"])
            #expect(refused.status == .unprocessableContent)
            _ = try await browser.submit(
                "/categories/\(id)", from: "/categories/\(id)/edit",
                ["name": "Weekend brunch", "kind": "expense", "parent": dining])
            #expect(try await browser.page("/categories").html.contains("Weekend brunch"))
            let plan = try await browser.page("/categories/\(id)/remove").html
            #expect(plan.contains("id=\"removal-plan\""))
            _ = try await browser.submit(
                "/categories/\(id)/remove", from: "/categories/\(id)/remove", ["confirm": "yes"])
            let afterRemoval = try await browser.page("/categories").html
            #expect(afterRemoval.contains("Removed Weekend brunch."))
            #expect(!afterRemoval.contains("Weekend brunch</td>"))
        }
    }

    @Test("an unknown parent id is refused with the form re-shown and nothing saved")
    func unknownParent() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let before = Browser.all(#"(<tr><td data-label="">)"#, in: try await browser.page("/categories").html).count
            let response = try await browser.submit(
                "/categories", from: "/categories",
                ["name": "Orphan", "kind": "expense", "parent": UUID().uuidString.lowercased()])
            #expect(response.status == .unprocessableContent)
            #expect(String(buffer: response.body).contains("value=\"Orphan\""))
            #expect(
                Browser.all(#"(<tr><td data-label="">)"#, in: try await browser.page("/categories").html).count
                    == before)
        }
    }
}

@Suite struct RulesPagesTests {
    func fields(_ values: [String: String], filters: [(String, String, String)]) -> String {
        var body = Browser.encode(values)
        for (field, op, value) in filters {
            body +=
                "&field=\(field)&op=\(op)&value=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&value2="
        }
        return body
    }

    @Test("a rule made from a transaction previews its changes without saving, then saves and applies")
    func fromTransaction() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let list = try await browser.page("/transactions?q=safeway").html
            let id = try #require(Browser.first(#"href="/rules/new\?from=([0-9a-f-]{36})""#, in: list))
            let editor = try await browser.page("/rules/new?from=\(id)").html
            #expect(editor.contains("name=\"value\" type=\"text\" value=\"SAFEWAY"))
            let travel = try #require(Browser.first(#"<option value="([0-9a-f-]{36})">Travel</option>"#, in: editor))
            let token = try await browser.csrfToken(on: "/rules/new")
            let draft = [
                "csrf": token, "name": "Safeway is travel", "category": travel, "join": "all", "priority": "5",
                "status": "active",
            ]
            let preview = try await browser.request(
                "/rules", method: .post,
                body: fields(
                    draft.merging(["action": "preview"]) { $1 }, filters: [("description", "contains", "safeway")]))
            let previewHTML = String(buffer: preview.body)
            #expect(preview.status == .ok)
            let changing = try #require(
                Browser.first(#"Preview: (\d+) transaction"#, in: previewHTML).flatMap { Int($0) })
            #expect(changing > 0)
            #expect(!(try await browser.page("/rules").html.contains("Safeway is travel")))
            let saved = try await browser.request(
                "/rules", method: .post,
                body: fields(
                    draft.merging(["action": "save", "apply": "on"]) { $1 },
                    filters: [("description", "contains", "safeway")]))
            #expect(saved.status == .seeOther)
            let rules = try await browser.page("/rules").html
            #expect(rules.contains("Safeway is travel"))
            #expect(rules.contains("\(changing) transaction(s) changed."))
            #expect(try await browser.page("/rules?search=safeway").html.contains("Safeway is travel"))
            #expect(!(try await browser.page("/rules?search=nomatch").html.contains("Safeway is travel")))
        }
    }

    @Test("an invalid regex or an unknown category is refused with the form re-shown and nothing saved")
    func refused() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let token = try await browser.csrfToken(on: "/rules/new")
            let before = Browser.all(#"(href="/rules/[0-9a-f-]{36}/edit")"#, in: try await browser.page("/rules").html)
                .count
            let regex = try await browser.request(
                "/rules", method: .post,
                body: fields(
                    ["csrf": token, "name": "Broken", "category": "", "action": "save"],
                    filters: [("description", "regex", "([a-z")]))
            #expect(regex.status == .unprocessableContent)
            #expect(String(buffer: regex.body).contains("value=\"Broken\""))
            let category = try await browser.request(
                "/rules", method: .post,
                body: fields(
                    ["csrf": token, "name": "Lost", "category": UUID().uuidString.lowercased(), "action": "save"],
                    filters: [("description", "contains", "x")]))
            #expect(category.status == .unprocessableContent)
            #expect(
                Browser.all(#"(href="/rules/[0-9a-f-]{36}/edit")"#, in: try await browser.page("/rules").html).count
                    == before)
        }
    }

    @Test("built-in rules are marked and can be switched off; Add Filter adds a row")
    func builtIns() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let html = try await browser.page("/rules").html
            #expect(html.contains("Auto-generated"))
            let id = try #require(Browser.first(#"action="/rules/([0-9a-f-]{36})/active""#, in: html))
            _ = try await browser.submit("/rules/\(id)/active", from: "/rules", [:])
            #expect(try await browser.page("/rules").html.contains("is off."))
            let token = try await browser.csrfToken(on: "/rules/new")
            let added = try await browser.request(
                "/rules", method: .post,
                body: fields(
                    ["csrf": token, "name": "Two", "action": "add-filter"], filters: [("description", "contains", "a")])
            )
            #expect(Browser.all(#"(class="row filter-row")"#, in: String(buffer: added.body)).count == 2)
        }
    }
}

@Suite struct SwitchedOffRulesPagesTests {
    @Test("a rule GhostVault switched off shows why on the Rules page and in the API")
    func switchedOffReason() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let database = world.environment.database
            let household = try #require(try await database.households.all().first)
            let reason = "Lookahead '(?=' at position 1 is not supported"
            try await database.write(household: household.id, actor: .system) { session in
                var rule = try #require(try await session.rules.all().first)
                rule.isActive = false
                rule.inactiveReason = reason
                rule.conditions = [RuleCondition(.description, .regex, "(?=PAY)")]
                try await session.rules.update(rule)
            }
            let html = try await browser.page("/rules").html
            #expect(html.contains("Switched off: Lookahead &#39;(?=&#39; at position 1 is not supported"))
            let login = try await world.client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"email":"jo@example.com","password":"correct horse battery"}"#))
            let token = try #require(try json(login)["token"] as? String)
            let rules = try jsonArray(
                try await world.client.execute(
                    uri: "/api/v1/rules", method: .get, headers: [.authorization: "Bearer \(token)"]))
            #expect(rules.compactMap { $0["inactiveReason"] as? String } == [reason])
        }
    }
}

@Suite struct AccountsPagesTests {
    @Test("accounts grouped by institution; nickname, hide and tracking-only save; reordering moves within a group")
    func accounts() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            var html = try await browser.page("/accounts").html
            #expect(html.contains("<h2>Evergreen Bank</h2>"))
            #expect(html.contains("Liability") && html.contains("Asset"))
            let section = try #require(html.components(separatedBy: "<h2>Evergreen Bank</h2>").dropFirst().first)
            let ids = Browser.all(#"action="/accounts/([0-9a-f-]{36})/settings""#, in: String(section.prefix(6000)))
            #expect(ids.count >= 2)
            _ = try await browser.submit(
                "/accounts/\(ids[0])/settings", from: "/accounts", ["nickname": "Main Checking", "trackingOnly": "on"])
            html = try await browser.page("/accounts").html
            #expect(html.contains(">Main Checking</a>"))
            #expect(html.contains("Tracking only</span>"))
            _ = try await browser.submit("/accounts/\(ids[0])/move", from: "/accounts", ["direction": "down"])
            html = try await browser.page("/accounts").html
            let after = Browser.all(
                #"action="/accounts/([0-9a-f-]{36})/settings""#,
                in: String(
                    try #require(html.components(separatedBy: "<h2>Evergreen Bank</h2>").dropFirst().first).prefix(6000)
                ))
            #expect(after.firstIndex(of: ids[0])! > after.firstIndex(of: ids[1])!)
            let unknown = try await browser.submit(
                "/accounts/\(UUID().uuidString.lowercased())/move", from: "/accounts", ["direction": "up"])
            #expect(unknown.status == .notFound)
        }
    }
}

@Suite struct ListAPITests {
    @Test("transactions, transfers, categories and rules through the API, with refusals")
    func lists() async throws {
        try await withWeb { world in
            let signup = try await world.client.execute(
                uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"email":"jo@example.com","password":"correct horse battery"}"#))
            let token = try #require(try json(signup)["token"] as? String)
            let auth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            func call(_ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil) async throws -> TestResponse {
                try await world.client.execute(
                    uri: uri, method: method, headers: auth, body: body.map { ByteBuffer(string: $0) })
            }
            _ = try await call(.post, "/api/v1/connections", #"{"setupToken":"\#(world.setupToken)"}"#)
            let page = try json(try await call(.get, "/api/v1/transactions?size=5&q=safeway"))
            #expect((page["items"] as? [Any])?.count == 5)
            #expect((page["totalCount"] as? Int ?? 0) > 5)
            #expect(try await call(.get, "/api/v1/transactions?size=0").status == .unprocessableContent)
            #expect(try await call(.get, "/api/v1/transactions?page=two").status == .unprocessableContent)
            let coverage = try json(try await call(.get, "/api/v1/transactions/coverage"))
            #expect((coverage["totalImported"] as? Int ?? 0) > 100)
            let pairs = try json(try await call(.get, "/api/v1/transfers?size=50"))
            let pair = try #require((pairs["items"] as? [[String: Any]])?.first)
            let outflow = try #require(pair["fromId"] as? String)
            let inflow = try #require(pair["toId"] as? String)
            #expect(try await call(.delete, "/api/v1/transfers/\(outflow)").status == .noContent)
            #expect(
                try await call(.post, "/api/v1/transfers", #"{"transaction":"\#(outflow)","partner":"\#(inflow)"}"#)
                    .status
                    == .noContent)
            let created = try await call(.post, "/api/v1/categories", #"{"name":"Pets","type":"expense"}"#)
            #expect(created.status == .created)
            let petID = try #require(try json(created)["id"] as? String)
            #expect(try await call(.post, "/api/v1/categories", #"{"name":""}"#).status == .unprocessableContent)
            #expect(try await call(.patch, "/api/v1/categories/\(petID)", #"{"emoji":"🐶"}"#).status == .ok)
            let draft =
                #"{"name":"Vet","category":"Pets","filters":[{"field":"description","op":"contains","value":"safeway"}]}"#
            let preview = try await call(.post, "/api/v1/rules/preview", draft)
            #expect(preview.status == .ok)
            #expect(try jsonArray(preview).count > 0)
            let bad =
                #"{"name":"Bad","category":"Pets","filters":[{"field":"description","op":"regex","value":"([a"}]}"#
            #expect(try await call(.post, "/api/v1/rules", bad).status == .unprocessableContent)
            let rule = try await call(.post, "/api/v1/rules", draft)
            #expect(rule.status == .created)
            let ruleID = try #require(try json(rule)["id"] as? String)
            #expect(try await call(.post, "/api/v1/rules/apply").status == .ok)
            #expect(try jsonArray(try await call(.get, "/api/v1/rules?search=vet")).count == 1)
            #expect(try await call(.delete, "/api/v1/rules/\(ruleID)").status == .noContent)
            #expect(try await call(.delete, "/api/v1/categories/\(petID)").status == .conflict)
            #expect(try await call(.delete, "/api/v1/categories/\(petID)?confirm=true").status == .ok)
        }
    }
}
