/// Issue 20's part of the OpenAPI document: the ghost-safe LLM export. Each fragment carries its final
/// indentation, as it is interpolated at the start of a line.
extension OpenAPIDocument {
    static let llmExportSchemas = """
            LLMExportInput:
              type: object
              required: [from, through]
              properties:
                from: {type: string, format: date, description: the period's first day}
                through: {type: string, format: date, description: the period's last day}
                rounding: {type: string, enum: [off, nearest-10, nearest-50, two-significant], default: "off"}
                format: {type: string, enum: [markdown, json], default: markdown}
                dates: {type: string, enum: [month-day, days-before-end], default: month-day, description: "Month 1, Day 15 or T-Minus 14 Days"}
                narrative: {type: boolean, default: true}
                exclude: {type: array, maxItems: 1000, items: {type: string, format: uuid}, description: transactions to leave out of every figure}
            LLMExport:
              type: object
              required: [format, fileName, leakCheck]
              properties:
                format: {type: string, enum: [markdown, json]}
                fileName: {type: string}
                text: {type: [string, "null"], description: the export as it would be downloaded; null when the leak check failed}
                leakCheck:
                  type: object
                  required: [passed, summary, leaks]
                  properties:
                    passed: {type: boolean}
                    summary: {type: string}
                    leaks:
                      type: array
                      items:
                        type: object
                        required: [kind, found, source]
                        properties:
                          kind: {type: string, enum: [name, account-number, email, date, amount]}
                          found: {type: string, description: the text found in the export}
                          source: {type: string, description: where it comes from}
                error:
                  type: [object, "null"]
                  properties:
                    code: {type: string, enum: [leak_detected]}
                    message: {type: string}
        """
    static let llmExportPaths = """
          /export/llm:
            post:
              summary: The ghost-safe LLM export of a period - aliases for accounts, categories for payees, relative dates, optional rounding - after a leak check.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/LLMExportInput'}}}
              responses:
                "200": {description: The export passed the leak check, content: {application/json: {schema: {$ref: '#/components/schemas/LLMExport'}}}}
                "422": {description: The input was refused (an error with problems) or the leak check blocked the export (leakCheck names what leaked; text is null), content: {application/json: {schema: {$ref: '#/components/schemas/LLMExport'}}}}
        """
}
