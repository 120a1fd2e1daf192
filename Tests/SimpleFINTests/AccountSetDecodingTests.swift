import Foundation
import SimpleFIN
import Testing

@Suite struct AccountSetDecodingTests {
    func decode(_ json: String) throws -> AccountSet { try AccountSet(json: Data(json.utf8)) }

    @Test("v1: errors and org; amounts exact as sent; posted 0 means no date; optional fields optional")
    func version1() throws {
        let set = try decode(
            """
            {"errors":["Connection to My Bank may need attention"],"x-api-message":["hello"],
             "accounts":[{"org":{"domain":"mybank.com","name":"My Bank","sfin-url":"https://sfin.mybank.com"},
               "id":"ACT-1","name":"Savings","currency":"USD","balance":"100.23","balance-date":978366153,
               "transactions":[{"id":"T1","posted":0,"amount":"-05.50","description":"Bait","pending":true,"transacted_at":978300000},
                               {"id":"T2","posted":978366000,"amount":"+3","description":"Interest","extra":{}}]}]}
            """)
        #expect(!set.isVersion2)
        #expect(set.messages.map(\.code) == ["gen", "api"])
        #expect(set.connections.map(\.id) == ["org:mybank.com"])
        let account = try #require(set.accounts.first)
        #expect(account.connectionID == "org:mybank.com")
        #expect(account.availableBalance == nil)
        #expect(account.transactions.map(\.amount) == ["-05.50", "+3"])
        #expect(account.transactions[0].posted == nil && account.transactions[0].isPending)
        #expect(account.transactions[1].payee == nil && !account.transactions[1].isPending)
    }

    @Test("v2: errlist with msg or message, unknown subcodes fall back to their prefix, connections")
    func version2() throws {
        let set = try decode(
            """
            {"errlist":[{"code":"con.auth","msg":"Authentication failed","conn_id":"C1"},
                        {"code":"act.newthing","message":"Something new","account_id":"A1"}],
             "connections":[{"conn_id":"C1","name":"My Bank - Jo","org_id":"I1","org_name":"My Bank"}],
             "accounts":[{"id":"A1","name":"Card","conn_id":"C1","currency":"USD","balance":-500.25,"balance-date":"978366153",
                          "holdings":[{"id":"H1","symbol":"VTI","shares":"10.5","market_value":"2500.00"}]}]}
            """)
        #expect(set.isVersion2)
        #expect(set.messages.map(\.kind) == ["con", "act"])
        #expect(set.messages[1].text == "Something new")
        #expect(set.accounts[0].balance == "-500.25")
        #expect(set.accounts[0].holdings.first?.symbol == "VTI")
        #expect(set.connections.first?.institutionName == "My Bank")
    }

    @Test("an account whose conn_id is not among the connections still gets one (found by scripts/fuzz simplefin-json)")
    func unlistedConnection() throws {
        let set = try decode(
            """
            {"connections":[{"conn_id":"C1","name":"Listed"}],
             "accounts":[{"id":"A1","name":"Card","conn_id":"C2","currency":"USD","balance":"1","balance-date":1,
                          "org":{"domain":"bank.example","name":"My Bank","id":"O1"}},
                         {"id":"A2","name":"Loan","conn_id":"C3","currency":"USD","balance":"-9","balance-date":1}]}
            """)
        #expect(set.connections.map(\.id) == ["C1", "C2", "C3"])
        #expect(set.connections[1].name == "My Bank" && set.connections[1].institutionDomain == "bank.example")
        #expect(set.connections[2].name == "Institution")
        #expect(set.accounts.map(\.connectionID) == ["C2", "C3"])
    }

    @Test(
        "a body that is not JSON, or lacks accounts, is a typed error",
        arguments: [
            ("error code: 524", SimpleFINError.Code.notJSON), ("<html>blocked</html>", .notJSON),
            ("[]", .malformedResponse),
            (#"{"errors":[]}"#, .malformedResponse),
            (
                #"{"errors":[],"accounts":[{"id":"A","name":"x","currency":"USD","balance":"abc","balance-date":1,"org":{"name":"B"}}]}"#,
                .malformedResponse
            ),
        ])
    func bad(body: String, code: SimpleFINError.Code) {
        do {
            _ = try decode(body)
            Issue.record("accepted \(body)")
        } catch {
            #expect((error as? SimpleFINError)?.code == code)
        }
    }

    @Test("text from the server is cleaned of control characters before anyone shows it")
    func sanitized() throws {
        let set = try decode(
            #"{"errors":["Bad\u0007 news\u001b[31m"],"accounts":[{"org":{"name":"B"},"id":"A","name":"Che\u0000cking","currency":"USD","balance":"1","balance-date":1}]}"#
        )
        #expect(set.messages.first?.text == "Bad news[31m")
        #expect(set.accounts.first?.name == "Checking")
        // A v1 org with no name is shown by its domain, which is cleaned too (found by scripts/fuzz simplefin-json).
        let unnamed = try decode(
            #"{"accounts":[{"org":{"domain":"my\u007fbank.example\u0007"},"id":"A","name":"x","currency":"USD","balance":"1","balance-date":1}]}"#
        )
        #expect(unnamed.connections.first?.name == "mybank.example")
    }
}
