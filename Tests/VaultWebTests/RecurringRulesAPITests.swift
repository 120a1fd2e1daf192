import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultTestSupport
import VaultWeb

/// Recurring rules through the API (issue 18): made by adding a transaction with `recurrence`, listed, shown with
/// their instances, changed, deleted with or without their future transactions, and Generate Next Year. Today is
/// 2026-11-21.
@Suite struct RecurringRulesAPITests {
    let api = APIControllerTests()

    func send(
        _ world: WebWorld, _ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil, token: String
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if body != nil { headers[.contentType] = "application/json" }
        return try await world.client.execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// A signed-up household with a manual account, Wallet; returns the bearer token.
    func household(_ world: WebWorld, _ email: String = "jo@example.com") async throws -> String {
        let token = try await api.token(world, email)
        let scope = try await world.scope(of: email)
        _ = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "10000"))
        return token
    }

    /// Adds monthly rent from 2026-01-31 (12 entries this year); returns the rule's JSON.
    func rent(_ world: WebWorld, token: String) async throws -> [String: Any] {
        let response = try await send(
            world, .post, "/api/v1/transactions",
            #"""
            {"amount":"-2500","account":"Wallet","date":"2026-01-31","description":"Rent","category":"Dining",
             "recurrence":{"cadence":"monthly","interval":1}}
            """#, token: token)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try #require(try json(response)["recurringRule"] as? [String: Any])
    }

    func problemFields(_ response: TestResponse) throws -> Set<String> {
        let error = try #require(try json(response)["error"] as? [String: Any])
        let problems = try #require(error["problems"] as? [[String: Any]])
        return Set(problems.compactMap { $0["field"] as? String })
    }

    func dates(_ page: [String: Any]) -> [String] {
        (page["items"] as? [[String: Any]] ?? []).compactMap { $0["date"] as? String }
    }

    @Test("a transaction added with a recurrence makes a rule that lists, shows its instances and filters the list")
    func create() async throws {
        try await withWeb { world in
            let token = try await household(world)
            let added = try await send(
                world, .post, "/api/v1/transactions",
                #"{"amount":"-2500","account":"Wallet","date":"2026-01-31","description":"Rent","recurrence":{"cadence":"monthly"}}"#,
                token: token)
            #expect(added.status == .created)
            let entry = try json(added)
            #expect(entry["amount"] as? String == "-2500.00" && entry["date"] as? String == "2026-01-31")
            let rule = try #require(entry["recurringRule"] as? [String: Any])
            let id = try #require(rule["id"] as? String)
            // A rent is filed under Housing by its built-in pattern (issue 21).
            #expect(rule["summary"] as? String == "🏠 Rent • $2,500.00 • monthly")
            #expect(rule["cadence"] as? String == "monthly" && rule["interval"] as? Int == 1)
            #expect(rule["start"] as? String == "2026-01-31")
            #expect(rule["end"] == nil || rule["end"] is NSNull)
            #expect(rule["enabled"] as? Bool == true && rule["generatedThroughYear"] as? Int == 2026)
            #expect(rule["instanceCount"] as? Int == 12)

            let listed = try jsonArray(try await send(world, .get, "/api/v1/recurring-rules", token: token))
            #expect(listed.map { $0["id"] as? String } == [id])
            #expect(listed.first?["account"] as? String == "Wallet")

            let detail = try json(try await send(world, .get, "/api/v1/recurring-rules/\(id)?size=5", token: token))
            #expect((detail["rule"] as? [String: Any])?["instanceCount"] as? Int == 12)
            let instances = try #require(detail["instances"] as? [String: Any])
            // A monthly rule from the 31st takes a short month's last day and goes back to the 31st.
            #expect(dates(instances) == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"])
            #expect(instances["totalCount"] as? Int == 12 && instances["pageCount"] as? Int == 3)

            _ = try await send(
                world, .post, "/api/v1/transactions", #"{"amount":"-4","account":"Wallet","description":"Coffee"}"#,
                token: token)
            let filtered = try json(
                try await send(world, .get, "/api/v1/transactions?recurringRule=\(id)&size=100", token: token))
            #expect(filtered["totalCount"] as? Int == 12)
            let byName = try json(
                try await send(world, .get, "/api/v1/transactions?recurringRule=rent&size=1", token: token))
            #expect(byName["totalCount"] as? Int == 12)
            let unknown = try await send(world, .get, "/api/v1/transactions?recurringRule=Gym", token: token)
            #expect(unknown.status == .unprocessableContent)
            #expect(try problemFields(unknown) == ["recurringRule"])
        }
    }

    @Test("bad input is refused whole with every problem and writes nothing")
    func refused() async throws {
        try await withWeb { world in
            let token = try await household(world)
            let bad = try await send(
                world, .post, "/api/v1/transactions",
                #"""
                {"amount":"-10","account":"Wallet","date":"2026-03-01",
                 "recurrence":{"cadence":"fortnightly","interval":0,"start":"2026-03-01","end":"2026-02-01"}}
                """#, token: token)
            #expect(bad.status == .unprocessableContent)
            #expect(try problemFields(bad) == ["cadence", "interval", "end"])
            #expect(try jsonArray(try await send(world, .get, "/api/v1/recurring-rules", token: token)).isEmpty)
            let none = try json(try await send(world, .get, "/api/v1/transactions", token: token))
            #expect(none["totalCount"] as? Int == 0)

            let rule = try await rent(world, token: token)
            let id = try #require(rule["id"] as? String)
            let patch = try await send(
                world, .patch, "/api/v1/recurring-rules/\(id)", #"{"amount":"0","cadence":"hourly","description":""}"#,
                token: token)
            #expect(patch.status == .unprocessableContent)
            #expect(try problemFields(patch) == ["amount", "cadence", "description"])
            let unchanged = try json(try await send(world, .get, "/api/v1/recurring-rules/\(id)", token: token))
            #expect((unchanged["rule"] as? [String: Any])?["amount"] as? String == "-2500.00")

            let transaction = try #require(
                (try json(try await send(world, .get, "/api/v1/transactions?size=1", token: token))["items"]
                    as? [[String: Any]])?.first?["id"] as? String)
            let recurrenceOnEdit = try await send(
                world, .patch, "/api/v1/transactions/\(transaction)", #"{"recurrence":{"cadence":"weekly"}}"#,
                token: token)
            #expect(recurrenceOnEdit.status == .unprocessableContent)
            #expect(try problemFields(recurrenceOnEdit) == ["recurrence"])
            let flag = try await send(
                world, .delete, "/api/v1/recurring-rules/\(id)?futureTransactions=maybe", token: token)
            #expect(flag.status == .unprocessableContent)
            #expect(try problemFields(flag) == ["futureTransactions"])
            let page = try await send(world, .get, "/api/v1/recurring-rules/\(id)?page=first", token: token)
            #expect(page.status == .unprocessableContent)
            #expect(try jsonArray(try await send(world, .get, "/api/v1/recurring-rules", token: token)).count == 1)
        }
    }

    @Test("another household's rule is 404 for every rule route, and so is an id that is not one")
    func otherHousehold() async throws {
        try await withWeb { world in
            let jo = try await household(world)
            let id = try #require(try await rent(world, token: jo)["id"] as? String)
            let mallory = try await household(world, "mallory@example.com")
            for (method, uri, body) in [
                (HTTPRequest.Method.get, "/api/v1/recurring-rules/\(id)", nil),
                (.patch, "/api/v1/recurring-rules/\(id)", #"{"amount":"-1"}"#),
                (.delete, "/api/v1/recurring-rules/\(id)?futureTransactions=true", nil),
                (.get, "/api/v1/recurring-rules/\(UUID().uuidString.lowercased())", nil),
                (.get, "/api/v1/recurring-rules/rent", nil),
            ] as [(HTTPRequest.Method, String, String?)] {
                let response = try await send(world, method, uri, body, token: mallory)
                #expect(response.status == .notFound, "\(method) \(uri)")
                let error = try json(response)["error"] as? [String: Any]
                #expect(error?["code"] as? String == "not_found", "\(method) \(uri)")
            }
            #expect(try jsonArray(try await send(world, .get, "/api/v1/recurring-rules", token: mallory)).isEmpty)
            let theirs = try jsonArray(
                try await send(world, .post, "/api/v1/recurring-rules/generate-next-year", token: mallory))
            #expect(theirs.isEmpty)
            let still = try json(try await send(world, .get, "/api/v1/recurring-rules/\(id)", token: jo))
            let rule = try #require(still["rule"] as? [String: Any])
            #expect(rule["amount"] as? String == "-2500.00" && rule["generatedThroughYear"] as? Int == 2026)
            #expect(rule["instanceCount"] as? Int == 12)
        }
    }

    @Test("a change replaces the untouched instances from today on; earlier ones stay")
    func edit() async throws {
        try await withWeb { world in
            let token = try await household(world)
            let id = try #require(try await rent(world, token: token)["id"] as? String)
            let response = try await send(
                world, .patch, "/api/v1/recurring-rules/\(id)", #"{"amount":"-2600","tags":["home"],"notes":"lease"}"#,
                token: token)
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let edited = try json(response)
            #expect(Set(edited["changed"] as? [String] ?? []) == ["amount", "tags", "notes"])
            // 2026-11-30 and 2026-12-31 are from today (2026-11-21) on.
            #expect(edited["removed"] as? Int == 2 && edited["generated"] as? Int == 2)
            let rule = try #require(edited["rule"] as? [String: Any])
            #expect(rule["summary"] as? String == "🍽️ Rent • $2,600.00 • monthly")
            #expect(rule["tags"] as? [String] == ["home"] && rule["notes"] as? String == "lease")

            let detail = try json(try await send(world, .get, "/api/v1/recurring-rules/\(id)?size=20", token: token))
            let items = try #require((detail["instances"] as? [String: Any])?["items"] as? [[String: Any]])
            #expect(items.count == 12)
            #expect(
                items.filter { $0["amount"] as? String == "-2600.00" }.compactMap { $0["date"] as? String } == [
                    "2026-11-30", "2026-12-31",
                ])

            let off = try json(
                try await send(world, .patch, "/api/v1/recurring-rules/\(id)", #"{"enabled":false}"#, token: token))
            #expect((off["rule"] as? [String: Any])?["enabled"] as? Bool == false)
            #expect(off["changed"] as? [String] == ["enabled"])
            let generated = try jsonArray(
                try await send(world, .post, "/api/v1/recurring-rules/generate-next-year", token: token))
            #expect(generated.isEmpty, "a disabled rule is left alone")

            let nothing = try json(
                try await send(world, .patch, "/api/v1/recurring-rules/\(id)", #"{"enabled":false}"#, token: token))
            #expect((nothing["changed"] as? [String])?.isEmpty == true && nothing["removed"] as? Int == 0)
        }
    }

    @Test("Generate Next Year makes each rule's next year once; the second run makes nothing")
    func generateNextYear() async throws {
        try await withWeb { world in
            let token = try await household(world)
            let id = try #require(try await rent(world, token: token)["id"] as? String)
            let first = try await send(world, .post, "/api/v1/recurring-rules/generate-next-year", token: token)
            #expect(first.status == .ok)
            let made = try jsonArray(first)
            #expect(made.count == 1)
            #expect(made.first?["rule"] as? String == id && made.first?["description"] as? String == "Rent")
            #expect(made.first?["years"] as? [Int] == [2027] && made.first?["count"] as? Int == 12)
            #expect(made.first?["generatedThroughYear"] as? Int == 2027)

            let again = try jsonArray(
                try await send(world, .post, "/api/v1/recurring-rules/generate-next-year", token: token))
            #expect(again.first?["years"] as? [Int] == [] && again.first?["count"] as? Int == 0)
            let rule = try json(try await send(world, .get, "/api/v1/recurring-rules/\(id)", token: token))
            #expect((rule["rule"] as? [String: Any])?["instanceCount"] as? Int == 24)
            #expect((rule["rule"] as? [String: Any])?["generatedThroughYear"] as? Int == 2027)
        }
    }

    @Test("deleting a rule keeps its transactions by default; with futureTransactions those from today on go")
    func delete() async throws {
        try await withWeb { world in
            let token = try await household(world)
            let kept = try #require(try await rent(world, token: token)["id"] as? String)
            let response = try await send(world, .delete, "/api/v1/recurring-rules/\(kept)", token: token)
            #expect(response.status == .ok)
            let deleted = try json(response)
            #expect(deleted["deleted"] as? String == kept && deleted["description"] as? String == "Rent")
            #expect(deleted["futureTransactions"] as? Bool == false && deleted["transactionsDeleted"] as? Int == 0)
            #expect(try await send(world, .get, "/api/v1/recurring-rules/\(kept)", token: token).status == .notFound)
            let all = try json(try await send(world, .get, "/api/v1/transactions?q=rent&when=all", token: token))
            #expect(all["totalCount"] as? Int == 12)

            let added = try await send(
                world, .post, "/api/v1/transactions",
                #"{"amount":"-50","account":"Wallet","date":"2026-10-15","description":"Gym","recurrence":{"cadence":"monthly"}}"#,
                token: token)
            let gym = try #require((try json(added)["recurringRule"] as? [String: Any])?["id"] as? String)
            _ = try await send(world, .post, "/api/v1/recurring-rules/generate-next-year", token: token)
            let future = try json(
                try await send(world, .delete, "/api/v1/recurring-rules/\(gym)?futureTransactions=true", token: token))
            // 2026-11-15 is before today; 2026-12-15 and the twelve of 2027 are not.
            #expect(future["futureTransactions"] as? Bool == true && future["transactionsDeleted"] as? Int == 13)
            let left = try json(try await send(world, .get, "/api/v1/transactions?q=gym&sort=asc", token: token))
            #expect(dates(left) == ["2026-10-15", "2026-11-15"])
            #expect(try jsonArray(try await send(world, .get, "/api/v1/recurring-rules", token: token)).isEmpty)
        }
    }

    @Test("the OpenAPI document describes the rule routes and every field their answers send")
    func documented() async throws {
        try await withWeb { world in
            let yaml = String(buffer: try await world.client.execute(uri: "/api/v1/openapi.yaml", method: .get).body)
            for path in [
                "/recurring-rules:", "/recurring-rules/{id}:", "/recurring-rules/generate-next-year:", "/analysis:",
            ] {
                #expect(yaml.contains("\n  \(path)\n"), "\(path)")
            }
            #expect(yaml.contains("{name: recurringRule, in: query"))
            #expect(OpenAPISchemaTests.schema("TransactionInput", in: yaml).contains(" recurrence:"))
            let token = try await household(world)
            let rule = try await rent(world, token: token)
            let id = try #require(rule["id"] as? String)
            let detail = try json(try await send(world, .get, "/api/v1/recurring-rules/\(id)", token: token))
            let edited = try json(
                try await send(world, .patch, "/api/v1/recurring-rules/\(id)", #"{"payee":"Landlord"}"#, token: token))
            let generated = try jsonArray(
                try await send(world, .post, "/api/v1/recurring-rules/generate-next-year", token: token))
            let deleted = try json(try await send(world, .delete, "/api/v1/recurring-rules/\(id)", token: token))
            let samples: [(String, [String: Any])] = [
                ("RecurringRule", try #require(edited["rule"] as? [String: Any])), ("RecurringRuleDetail", detail),
                ("RecurringRuleEdit", edited), ("GeneratedYear", try #require(generated.first)),
                ("RecurringRuleDeletion", deleted),
                ("Recurrence", ["cadence": "", "interval": 1, "start": "", "end": ""]),
            ]
            for (name, sample) in samples {
                let schema = OpenAPISchemaTests.schema(name, in: yaml)
                #expect(!schema.isEmpty, "schema \(name)")
                for key in sample.keys {
                    #expect(schema.contains(" \(key):"), "\(name).\(key) is not documented")
                }
            }
        }
    }
}
