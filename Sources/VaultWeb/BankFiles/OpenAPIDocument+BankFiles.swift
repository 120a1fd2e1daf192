import VaultCore

/// Issue 19's bank-file import in the OpenAPI document: its schemas (under `components/schemas`) and its path.
/// Each fragment carries its final indentation, as it is interpolated at the start of a line.
extension OpenAPIDocument {
    static let bankFileSchemas = """
            BankImport:
              type: object
              description: What importing a bank file did, or with preview=true would do, row by row in file order.
              required: [account, preview, added, skipped, warnings, rows]
              properties:
                account: {type: string, format: uuid}
                preview: {type: boolean, description: true when nothing was written}
                added: {type: integer}
                skipped: {type: integer, description: rows already stored (imported before, or brought by bank sync)}
                mapping: {oneOf: [{$ref: '#/components/schemas/CSVMapping'}, {type: "null"}], description: the mapping a CSV file was read with}
                sign: {type: [string, "null"], description: how a CSV file writes money out, in words}
                encoding: {type: [string, "null"], description: the text encoding the file was read in}
                statement: {type: [string, "null"], description: the statement (OFX ACCTID) or account (QIF !Account name) the rows are of}
                warnings: {type: array, items: {type: string}, description: what to check before importing (most rows of a card account money in) and what the file holds that is not imported}
                rows:
                  type: array
                  items:
                    type: object
                    required: [line, date, amount, currency, description, added, reason]
                    properties:
                      line: {type: integer, description: where the row starts in the file (a line; for OFX the transaction's number)}
                      date: {type: string, format: date}
                      amount: {type: string, description: signed decimal; negative is money out}
                      currency: {type: string}
                      description: {type: string}
                      payee: {type: [string, "null"]}
                      category: {type: [string, "null"], description: the file's category text; set on the transaction when the household has a category of that name}
                      bankID: {type: [string, "null"], description: the bank's own id (OFX FITID)}
                      added: {type: boolean}
                      reason: {type: string}
            CSVMapping:
              type: object
              description: Which CSV column holds what (1-based), as the query parameters of the import name them.
              required: [separator, header, dateColumn, dateFormat, moneyOut, decimal, descriptionColumn]
              properties:
                separator: {type: string, enum: [comma, semicolon, tab]}
                header: {type: boolean}
                dateColumn: {type: integer, minimum: 1}
                dateFormat: {type: string, enum: [\(BankDateFormat.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]}
                amountColumn: {type: [integer, "null"], minimum: 1}
                debitColumn: {type: [integer, "null"], minimum: 1}
                creditColumn: {type: [integer, "null"], minimum: 1}
                typeColumn: {type: [integer, "null"], minimum: 1, description: "with amountColumn, the column saying debit or credit"}
                moneyOut: {type: string, enum: [negative, positive], description: how amountColumn alone writes money out}
                decimal: {type: string, enum: [point, comma]}
                descriptionColumn: {type: integer, minimum: 1}
                payeeColumn: {type: [integer, "null"], minimum: 1}
                categoryColumn: {type: [integer, "null"], minimum: 1}
                memoColumn: {type: [integer, "null"], minimum: 1}
        """

    static let bankFilePaths = """
          /accounts/{id}/import:
            post:
              summary: >
                Import a bank file (CSV, OFX, QFX or QIF) into the account, or with preview=true say what it would add and
                skip. Every row goes through the ingest pipeline - a row already stored (the same bank id, or the same amount
                within 3 days with a similar description) is skipped, so a file imported twice adds nothing. All rows or none
                are written. A CSV file is read with the mapping remembered for the account when it fits, else a guess; the
                mapping parameters below change it, and the mapping used is remembered.
              parameters:
                - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
                - {name: format, in: query, description: by default from the file name (multipart) or the file's first bytes, schema: {type: string, enum: [csv, ofx, qfx, qif]}}
                - {name: preview, in: query, schema: {type: boolean, default: false}}
                - {name: dateFormat, in: query, description: a CSV or QIF file's date order (by default the one the file's dates read in; a QIF file whose dates read both month first and day first is refused without it), schema: {$ref: '#/components/schemas/CSVMapping/properties/dateFormat'}}
                - {name: separator, in: query, schema: {type: string, enum: [comma, semicolon, tab]}}
                - {name: header, in: query, schema: {type: boolean}}
                - {name: dateColumn, in: query, schema: {type: integer, minimum: 1}}
                - {name: amountColumn, in: query, description: one signed amount column, schema: {type: integer, minimum: 1}}
                - {name: debitColumn, in: query, description: with creditColumn instead of amountColumn, schema: {type: integer, minimum: 1}}
                - {name: creditColumn, in: query, schema: {type: integer, minimum: 1}}
                - {name: typeColumn, in: query, description: "with amountColumn, the column saying debit or credit (debit/credit, DR/CR, D/C, Soll/Haben, ...); 0 for none", schema: {type: integer, minimum: 0}}
                - {name: moneyOut, in: query, description: how amountColumn alone writes money out (positive for purchases written positive), schema: {type: string, enum: [negative, positive]}}
                - {name: memoColumn, in: query, description: notes; 0 for none, schema: {type: integer, minimum: 0}}
                - {name: encoding, in: query, description: the file's text encoding when its bytes do not tell it, schema: {type: string, enum: [\(BankFileEncoding.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]}}
                - {name: statement, in: query, description: "of a file with several statements or accounts, the OFX ACCTID or QIF account name to import (remembered for the account)", schema: {type: string}}
                - {name: decimal, in: query, schema: {type: string, enum: [point, comma]}}
                - {name: descriptionColumn, in: query, schema: {type: integer, minimum: 1}}
                - {name: payeeColumn, in: query, description: 0 for none, schema: {type: integer, minimum: 0}}
                - {name: categoryColumn, in: query, description: 0 for none, schema: {type: integer, minimum: 0}}
              requestBody:
                required: true
                description: The file as the whole body (any content type), or the field 'file' of a multipart/form-data form. At most \(BankFileFormat.maximumBytes / 1024 / 1024) MB and \(BankFileFormat.maximumRows) rows; a larger body is answered 413.
                content:
                  application/octet-stream: {schema: {type: string, format: binary}}
                  text/csv: {schema: {type: string}}
                  multipart/form-data: {schema: {type: object, properties: {file: {type: string, format: binary}}}}
              responses:
                "200": {description: What was (or would be) added and skipped, content: {application/json: {schema: {$ref: '#/components/schemas/BankImport'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "413": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
        """
}
