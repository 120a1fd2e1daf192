import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import VaultTestSupport

@testable import VaultWeb

/// Forms are read whole or refused whole: text a person could not have typed never reaches the database.
@Suite struct FormTests {
    @Test("query strings decode plus signs, escapes and repeated fields; broken escapes stay as sent")
    func queryDecoding() {
        let form = Form(encoded: "a=1+2&b=%C3%A9t%C3%A9&b=x&c=%ZZ&d")
        #expect(form["a"] == "1 2")
        #expect(form.all("b") == ["été", "x"])
        #expect(form["c"] == "%ZZ")
        #expect(form.isOn("d"))
    }

    @Test(
        "a posted form with invalid UTF-8 or control characters is refused whole, nothing saved",
        arguments: ["%FF%FE", "Food%00", "Fo%01od", "%C3%28", "Fo%7Fod", "%E2%80"])
    func refusesUnreadable(_ encodedName: String) async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let token = try await browser.csrfToken(on: "/categories")
            let response = try await browser.request(
                "/categories", method: .post, body: "csrf=\(token)&name=\(encodedName)&type=expense")
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains("This form could not be read"))
            let after = try await browser.page("/categories").html
            #expect(!after.contains("Food\u{0}"))
            #expect(!after.contains("\u{FFFD}"))
        }
    }

    @Test("raw bytes that are not UTF-8 in a form body are refused too")
    func refusesRawInvalidUTF8() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let token = try await browser.csrfToken(on: "/categories")
            var body = ByteBuffer(string: "csrf=\(token)&type=expense&name=Fo")
            body.writeBytes([0xFF, 0x6F])
            let response = try await world.client.execute(
                uri: "/categories", method: .post,
                headers: [.cookie: browser.cookieHeader, .contentType: "application/x-www-form-urlencoded"],
                body: body)
            #expect(response.status == .badRequest)
        }
    }

    @Test("a note keeps its line breaks; a name sent through the API with a NUL is refused with the field")
    func controlCharactersThroughTheAPI() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let csrf = try #require(
                Browser.first(#"name="csrf-token" content="([^"]+)""#, in: try await browser.page("/dashboard").html))
            let response = try await browser.request(
                "/api/v1/categories", method: .post, headers: [.csrfToken: csrf],
                body: #"{"name":"Bad\u0000Name","type":"expense"}"#, contentType: "application/json")
            #expect(response.status == .unprocessableContent)
            let text = String(buffer: response.body)
            #expect(text.contains("control character (U+0000)"))
            #expect(text.contains("\"name\""))
        }
    }
}
