/// Issue 20's part of the OpenAPI document: the 50/30/20 lens, spending categories and the income trend. Each
/// fragment carries its final indentation, as it is interpolated at the start of a line.
extension OpenAPIDocument {
    static let lensSchemas = """
            LensReport:
              type: object
              required: [month, currency, total, segments, messages, sources, basis]
              properties:
                month: {type: string, description: YYYY-MM}
                currency: {type: string}
                total: {type: string, description: "needs, wants and savings together"}
                segments:
                  type: array
                  description: needs, wants and savings, in that order
                  items:
                    type: object
                    required: [bucket, name, amount, target, indicator]
                    properties:
                      bucket: {type: string, enum: [need, want, savings]}
                      name: {type: string}
                      amount: {type: string}
                      share: {type: [string, "null"], description: "the share of the total as a percentage, like 52.30; null when nothing was spent"}
                      target: {type: string, description: "the target as a percentage, like 50.00"}
                      indicator: {type: string, enum: [green, yellow, red]}
                messages: {type: array, items: {type: string}, description: "the imbalance messages, or that the spending is well-balanced"}
                sources:
                  type: array
                  items:
                    type: object
                    properties:
                      bucket: {type: string, enum: [need, want, savings]}
                      reason: {type: string}
                      amount: {type: string}
                      count: {type: integer}
                basis: {type: string}
            LensEntry:
              type: object
              required: [transactionId, date, name, account, amount, bucket, reason, chosen]
              properties:
                transactionId: {type: string, format: uuid}
                date: {type: string, format: date}
                name: {type: string, description: "the payee, or the description when there is none"}
                account: {type: string}
                category: {type: [string, "null"]}
                amount: {type: string, description: "what it adds to its bucket: spending positive, a refund negative"}
                bucket: {type: string, enum: [need, want, savings]}
                reason: {type: string, description: why it landed there}
                chosen: {type: boolean, description: whether a person chose this transaction's bucket by hand}
            LensTargets:
              type: object
              required: [needs, wants, savings]
              properties:
                needs: {type: integer, minimum: 0, maximum: 100}
                wants: {type: integer, minimum: 0, maximum: 100}
                savings: {type: integer, minimum: 0, maximum: 100, description: the three add up to 100}
            LensPayee:
              type: object
              required: [payee]
              properties:
                payee: {type: string, description: "the payee; answered as the key it is stored under"}
                bucket: {type: [string, "null"], enum: [need, want, savings, null], description: null returns the payee to the automatic rules}
            CategorySpending:
              type: object
              required: [month, name, thisMonth, lastMonth, change, children, transactions]
              properties:
                month: {type: string}
                categoryId: {type: [string, "null"], description: null for the uncategorised spending}
                name: {type: string}
                thisMonth: {type: string}
                lastMonth: {type: string}
                change: {type: string}
                percent: {type: [string, "null"], description: "the change as a percentage of last month's amount"}
                children: {type: array, items: {type: object}, description: "the subcategories, this month against last"}
                transactions: {$ref: '#/components/schemas/Page'}
            IncomeTrend:
              type: object
              required: [from, to, income, spending, net, months]
              properties:
                from: {type: string, format: date}
                to: {type: string, format: date}
                income: {type: string}
                spending: {type: string}
                net: {type: string}
                months:
                  type: array
                  description: every calendar month the range touches, oldest first
                  items:
                    type: object
                    properties:
                      month: {type: string}
                      income: {type: string}
                      spending: {type: string}
                      net: {type: string}
        """
    static let lensPaths = """
          /lens:
            get:
              summary: A month through the 50/30/20 lens - needs, wants and savings/debt against the targets, with the imbalance messages.
              parameters:
                - {name: month, in: query, description: YYYY-MM; this month when left out, schema: {type: string}}
              responses:
                "200": {description: The month's lens, content: {application/json: {schema: {$ref: '#/components/schemas/LensReport'}}}}
                "422": {$ref: '#/components/responses/Error'}
          /lens/targets:
            get:
              summary: The lens's target shares (50/30/20 unless changed).
              responses:
                "200": {description: The targets, content: {application/json: {schema: {$ref: '#/components/schemas/LensTargets'}}}}
            put:
              summary: Changes the target shares (for example 60/20/20).
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/LensTargets'}}}
              responses:
                "200": {description: The targets saved, content: {application/json: {schema: {$ref: '#/components/schemas/LensTargets'}}}}
                "422": {$ref: '#/components/responses/Error'}
          /lens/payees:
            get:
              summary: The payees a person always puts in one bucket.
              responses:
                "200": {description: The payee choices, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/LensPayee'}}}}}
            put:
              summary: Always classify a payee as need, want or savings; null returns it to the automatic rules.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/LensPayee'}}}
              responses:
                "200": {description: The choice saved, content: {application/json: {schema: {$ref: '#/components/schemas/LensPayee'}}}}
                "422": {$ref: '#/components/responses/Error'}
          /lens/{bucket}:
            parameters:
              - {name: bucket, in: path, required: true, schema: {type: string, enum: [needs, wants, savings]}}
            get:
              summary: A segment's transactions for a month, largest first, each with why it landed there.
              parameters:
                - {name: month, in: query, schema: {type: string}}
                - {name: page, in: query, schema: {type: integer, minimum: 1}}
                - {name: size, in: query, schema: {type: integer, minimum: 1, maximum: 1000, default: 50}}
              responses:
                "200":
                  description: The month's lens and a page of the segment's transactions (items are LensEntry)
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          bucket: {type: string, enum: [need, want, savings]}
                          lens: {$ref: '#/components/schemas/LensReport'}
                          transactions: {$ref: '#/components/schemas/Page'}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /transactions/{id}/lens:
            parameters: [{$ref: '#/components/parameters/id'}]
            get:
              summary: Where the lens puts a transaction and why.
              responses:
                "200": {description: Its bucket, content: {application/json: {schema: {$ref: '#/components/schemas/LensEntry'}}}}
                "404": {$ref: '#/components/responses/Error'}
            put:
              summary: Reclassifies one transaction as need, want or savings; a null bucket returns it to the payee choice and the automatic rules.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        bucket: {type: [string, "null"], enum: [need, want, savings, null]}
              responses:
                "200": {description: Where it lands now, content: {application/json: {schema: {$ref: '#/components/schemas/LensEntry'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {description: "The lens does not count this transaction (income, a transfer between everyday accounts, pending or excluded)", content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}}
          /spending/{category}:
            parameters:
              - {name: category, in: path, required: true, description: a category id or "uncategorized", schema: {type: string}}
            get:
              summary: A category's month against the last ("Dining - $450 vs $380 last month"), its subcategories and a page of its transactions. The breakdown of every category is /reports/month.
              parameters:
                - {name: month, in: query, schema: {type: string}}
                - {name: page, in: query, schema: {type: integer, minimum: 1}}
                - {name: size, in: query, schema: {type: integer, minimum: 1, maximum: 1000, default: 50}}
              responses:
                "200": {description: The category, content: {application/json: {schema: {$ref: '#/components/schemas/CategorySpending'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /reports/income:
            get:
              summary: Income and spending by month over a timeframe (1M, 3M, YTD, 1Y) or a custom range, as the income chart shows them.
              parameters:
                - {name: history, in: query, schema: {type: string, enum: [1M, 3M, YTD, 1Y], default: 1Y}}
                - {name: from, in: query, schema: {type: string, format: date}}
                - {name: to, in: query, schema: {type: string, format: date}}
              responses:
                "200": {description: The months, content: {application/json: {schema: {$ref: '#/components/schemas/IncomeTrend'}}}}
                "422": {$ref: '#/components/responses/Error'}
        """
}
