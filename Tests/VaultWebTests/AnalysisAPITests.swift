import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultTestSupport
import VaultWeb

/// The Analysis tab through the API (spec `expense-tracker.md` 3.1 and 3.2): the period and its neighbours, the
/// chart's buckets, the breakdown by category, the page of transactions with receipt counts, and every filter.
/// Today is 2026-11-21.
@Suite struct AnalysisAPITests {
    let rules = RecurringRulesAPITests()

    func send(_ world: WebWorld, _ uri: String, token: String) async throws -> TestResponse {
        try await rules.send(world, .get, uri, token: token)
    }

    func add(_ world: WebWorld, _ body: String, token: String) async throws -> String {
        let response = try await rules.send(world, .post, "/api/v1/transactions", body, token: token)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try #require(try json(response)["id"] as? String)
    }

    /// November 2026: lunch (with a receipt) and groceries spent, salary received, and a monthly gym rule from
    /// November 1st.
    func november(_ world: WebWorld) async throws -> String {
        let token = try await rules.household(world)
        let lunch = try await add(
            world,
            #"{"amount":"-12.50","account":"Wallet","date":"2026-11-03","category":"Dining","description":"Lunch","tags":"work"}"#,
            token: token)
        _ = try await add(
            world,
            #"{"amount":"-40","account":"Wallet","date":"2026-11-18","category":"Groceries","description":"Market","payment":"paid"}"#,
            token: token)
        _ = try await add(
            world, #"{"amount":"1000","account":"Wallet","date":"2026-11-05","description":"Salary"}"#, token: token)
        _ = try await add(
            world,
            #"{"amount":"-100","account":"Wallet","date":"2026-11-01","description":"Gym","recurrence":{"cadence":"monthly"}}"#,
            token: token)
        let receipt = try await world.client.execute(
            uri: "/api/v1/transactions/\(lunch)/receipts?name=till.png", method: .post,
            headers: [.authorization: "Bearer \(token)", .contentType: "image/png"],
            body: ByteBuffer(bytes: SampleFiles.png()))
        #expect(receipt.status == .created)
        return token
    }

    func total(_ world: WebWorld, _ query: String, token: String) async throws -> String? {
        let response = try await send(world, "/api/v1/analysis?timeframe=month&date=2026-11-10&\(query)", token: token)
        #expect(response.status == .ok, "\(query): \(String(buffer: response.body))")
        return try json(response)["total"] as? String
    }

    @Test("a month's expenses: period with neighbours, buckets, categories and the transactions with receipt counts")
    func month() async throws {
        try await withWeb { world in
            let token = try await november(world)
            let response = try await send(world, "/api/v1/analysis?timeframe=month&date=2026-11-10", token: token)
            #expect(response.status == .ok)
            let body = try json(response)
            #expect(body["type"] as? String == "expense")
            let period = try #require(body["period"] as? [String: Any])
            #expect(period["timeframe"] as? String == "month" && period["label"] as? String == "Nov 2026")
            #expect(period["start"] as? String == "2026-11-01" && period["end"] as? String == "2026-11-30")
            #expect(period["previous"] as? String == "2026-10-01" && period["next"] as? String == "2026-12-01")
            #expect(body["total"] as? String == "152.50" && body["count"] as? Int == 3)
            let buckets = try #require(body["buckets"] as? [[String: Any]])
            #expect(buckets.first?["start"] as? String == "2026-11-01")
            #expect(buckets.last?["end"] as? String == "2026-11-30")
            let withLunch = try #require(
                buckets.first {
                    ($0["start"] as? String ?? "") <= "2026-11-03" && ($0["end"] as? String ?? "") >= "2026-11-03"
                })
            #expect(withLunch["amount"] as? String == "12.50" && withLunch["count"] as? Int == 1)
            #expect(buckets.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 3)
            let categories = try #require(body["byCategory"] as? [[String: Any]])
            #expect(categories.contains { $0["name"] as? String == "Dining" && $0["amount"] as? String == "12.50" })
            #expect(categories.contains { $0["name"] as? String == "Groceries" && $0["amount"] as? String == "40.00" })
            let page = try #require(body["transactions"] as? [String: Any])
            let items = try #require(page["items"] as? [[String: Any]])
            #expect(items.compactMap { $0["date"] as? String } == ["2026-11-18", "2026-11-03", "2026-11-01"])
            #expect(items.compactMap { $0["receiptCount"] as? Int } == [0, 1, 0])
            #expect(items[1]["description"] as? String == "Lunch" && items[1]["category"] as? String == "Dining")
            #expect(page["totalCount"] as? Int == 3)

            let income = try json(
                try await send(world, "/api/v1/analysis?type=income&timeframe=year&date=2026-11-10", token: token))
            #expect(income["total"] as? String == "1000.00")
            #expect((income["period"] as? [String: Any])?["label"] as? String == "2026")
            #expect((income["buckets"] as? [Any])?.count == 12)
        }
    }

    @Test("filters: categories and tags repeated, flags, a recurring rule, and from/through inside the period")
    func filters() async throws {
        try await withWeb { world in
            let token = try await november(world)
            #expect(try await total(world, "tag=work", token: token) == "12.50")
            #expect(try await total(world, "category=Dining&category=Groceries", token: token) == "52.50")
            #expect(try await total(world, "payment=paid", token: token) == "40.00")
            #expect(try await total(world, "recurringRule=Gym", token: token) == "100.00")
            #expect(try await total(world, "from=2026-11-02&through=2026-11-17", token: token) == "12.50")
            let week = try json(try await send(world, "/api/v1/analysis?timeframe=week&date=2026-11-18", token: token))
            #expect((week["buckets"] as? [Any])?.count == 7)
            #expect(week["total"] as? String == "40.00")
            let paged = try json(
                try await send(world, "/api/v1/analysis?timeframe=month&date=2026-11-10&size=2&page=2", token: token))
            let page = try #require(paged["transactions"] as? [String: Any])
            #expect(page["page"] as? Int == 2 && page["pageSize"] as? Int == 2 && page["pageCount"] as? Int == 2)
            #expect((page["items"] as? [[String: Any]])?.compactMap { $0["date"] as? String } == ["2026-11-01"])
        }
    }

    @Test("bad input is 422 with every problem")
    func refused() async throws {
        try await withWeb { world in
            let token = try await november(world)
            for (query, fields) in [
                ("type=both&timeframe=decade&page=0", ["type", "timeframe", "page-size"]),
                ("size=lots", ["size"]),
                ("timeframe=month&date=2026-11-10&from=2026-12-05", ["from"]),
                ("date=someday&category=Nope", ["date", "category"]),
                ("recurringRule=Rent", ["recurringRule"]),
            ] as [(String, Set<String>)] {
                let response = try await send(world, "/api/v1/analysis?\(query)", token: token)
                #expect(response.status == .unprocessableContent, "\(query)")
                #expect(try rules.problemFields(response) == fields, "\(query)")
            }
        }
    }

    @Test("the OpenAPI document describes every field the analysis sends")
    func documented() async throws {
        try await withWeb { world in
            let yaml = String(buffer: try await world.client.execute(uri: "/api/v1/openapi.yaml", method: .get).body)
            let token = try await november(world)
            let body = try json(try await send(world, "/api/v1/analysis?date=2026-11-10", token: token))
            let samples: [(String, [String: Any])] = [
                ("Analysis", body), ("AnalysisPeriod", try #require(body["period"] as? [String: Any])),
                ("AnalysisBucket", try #require((body["buckets"] as? [[String: Any]])?.first)),
                ("CategoryLine", try #require((body["byCategory"] as? [[String: Any]])?.first)),
                ("AnalysisTransaction", ["receiptCount": 0]),
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
