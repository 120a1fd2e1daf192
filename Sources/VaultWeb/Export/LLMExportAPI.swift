import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// `POST /api/v1/export/llm`: the ghost-safe LLM export with its leak check (spec `ghostvault.md` section 14).
/// A blocked export answers 422 with the leaks named and no text.
struct LLMExportAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.post("/export/llm") { request, context in
            let body = try await request.decode(as: LLMExportBody.self, context: context)
            let parsed = try LLMExportRequest.parse(
                from: body.from, through: body.through, rounding: body.rounding, format: body.format, dates: body.dates,
                narrative: body.narrative ?? true, exclude: body.exclude ?? [])
            let result = try await environment.household(of: context.user).llmExport.export(parsed)
            return try Response.json(
                LLMExportPayload(result), status: result.check.passed ? .ok : .unprocessableContent)
        }
    }
}

/// What `POST /export/llm` takes.
struct LLMExportBody: Decodable, Sendable {
    var from: String?
    var through: String?
    var rounding: String?
    var format: String?
    var dates: String?
    var narrative: Bool?
    var exclude: [String]?
}

/// What `POST /export/llm` answers: the export's text (only when the leak check passed) and the check.
struct LLMExportPayload: Encodable, Sendable {
    struct Check: Encodable, Sendable {
        let passed: Bool
        let summary: String
        let leaks: [LeakCheck.Leak]
    }

    struct ErrorBody: Encodable, Sendable {
        let code: String
        let message: String
    }

    let format: String
    let fileName: String
    let text: String?
    let leakCheck: Check
    let error: ErrorBody?

    init(_ result: LLMExportService.Result) {
        format = result.request.format.rawValue
        fileName = result.fileName
        text = result.check.passed ? result.text : nil
        leakCheck = Check(passed: result.check.passed, summary: result.check.summary, leaks: result.check.leaks)
        error =
            result.check.passed
            ? nil
            : ErrorBody(
                code: "leak_detected",
                message: result.check.summary + " Exclude the transactions behind it or turn rounding on.")
    }
}
