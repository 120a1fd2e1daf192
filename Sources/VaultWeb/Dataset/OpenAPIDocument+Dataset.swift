/// Issue 19's part of the OpenAPI document: the dataset's download and upload. Each fragment carries its final
/// indentation, as it is interpolated at the start of a line.
extension OpenAPIDocument {
    static let datasetSchemas = """
            DatasetImport:
              type: object
              required: [applied, intoEmptyHousehold, pairedWithHousehold, tabs, changes]
              properties:
                applied: {type: boolean, description: false for a preview, which writes nothing}
                intoEmptyHousehold: {type: boolean, description: the household had no accounts and no transactions, so the import restores it whole, settings included}
                pairedWithHousehold: {type: integer, description: "into a household with data, transfer pairs the ingest pipeline forms between new transactions and transactions already here"}
                tabs:
                  type: object
                  description: per tab of the workbook (Transactions, Receipts, Categories, ...), rows added, changed and already here
                  additionalProperties:
                    type: object
                    properties:
                      added: {type: integer}
                      changed: {type: integer}
                      unchanged: {type: integer}
                changes: {type: array, items: {type: string}, description: "the first changes to rows already here, after what the ingest pipeline did (pairs, refilings)"}
        """

    static let datasetPaths = """
          /dataset:
            get:
              summary: The household's whole dataset - a .zip with Data/GhostVault.xlsx (every tab and column in docs/dataset.md) and Receipts/.
              responses:
                "200": {description: The dataset, content: {application/zip: {schema: {type: string, format: binary}}}}
            post:
              summary: >
                Import a dataset .zip (the whole body, or a multipart form's field file; at most 200 MB). Without apply it
                only says what it would do. Into an empty household it restores everything; otherwise it merges by id
                (categories by key) and deletes nothing. One transaction; a zip bomb, a path leaving the folder, a file
                that is not an .xlsx, or a workbook missing tabs or columns ("This dataset needs repair") is refused.
              parameters:
                - {name: apply, in: query, schema: {type: boolean, default: false}}
              requestBody: {content: {application/zip: {schema: {type: string, format: binary}}, multipart/form-data: {schema: {type: object, properties: {file: {type: string, format: binary}}}}}}
              responses:
                "200": {description: What the import did or would do, content: {application/json: {schema: {$ref: '#/components/schemas/DatasetImport'}}}}
                "413": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
        """
}
