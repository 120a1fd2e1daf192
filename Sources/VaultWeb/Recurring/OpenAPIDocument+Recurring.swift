/// Issue 18's part of the OpenAPI document: recurring rules and the Analysis tab, their schemas (under
/// `components/schemas`) and paths. Each fragment carries its final indentation, as it is interpolated at the start
/// of a line.
extension OpenAPIDocument {
    static let recurringSchemas = """
            Recurrence:
              type: object
              description: >
                Repeat an entry on a schedule (spec 2.6). Saving the entry makes a recurring rule with it as the template
                and generates every occurrence from the start through the end of this year. A monthly rule from the
                31st falls on the last day of shorter months and returns to the 31st; a yearly rule from February 29th
                falls on February 28th in other years.
              required: [cadence]
              properties:
                cadence: {type: string, enum: [daily, weekly, monthly, yearly]}
                interval: {oneOf: [{type: integer, minimum: 1, maximum: 999}, {type: string}], description: every how many days, weeks, months or years; 1 when left out}
                start: {type: string, description: YYYY-MM-DD; the entry's date when left out}
                end: {type: string, description: YYYY-MM-DD, the last day an occurrence may fall on; none when left out or empty}
            RecurringRule:
              type: object
              required: [id, summary, description, amount, currency, accountId, tags, cadence, interval, start, enabled, generatedThroughYear, instanceCount]
              properties:
                id: {type: string, format: uuid}
                summary: {type: string, description: '"🏠 Rent • $2,500.00 • monthly"'}
                description: {type: string}
                amount: {type: string, description: signed; negative is an expense}
                currency: {type: string}
                accountId: {type: string}
                account: {type: [string, "null"], description: the account's display name}
                categoryId: {type: [string, "null"]}
                category: {type: [string, "null"]}
                payee: {type: [string, "null"]}
                tags: {type: array, items: {type: string}}
                notes: {type: [string, "null"]}
                cadence: {type: string, enum: [daily, weekly, monthly, yearly]}
                interval: {type: integer, minimum: 1}
                start: {type: string, format: date, description: the first occurrence and the anchor of every later one}
                end: {type: [string, "null"], format: date}
                enabled: {type: boolean}
                generatedThroughYear: {type: integer, description: the last calendar year whose instances have been generated}
                instanceCount: {type: integer, description: its template and every instance still kept}
            RecurringRuleInput:
              type: object
              description: >
                Changes to a rule: only the fields sent change; an empty category, payee, notes or end clears it.
                The rule's untouched instances dated today or later are replaced from the new fields and schedule;
                earlier ones and any a person edited stay.
              properties:
                amount: {type: string, description: signed; not zero}
                category: {type: string}
                description: {type: string}
                payee: {type: string}
                tags: {oneOf: [{type: array, items: {type: string}}, {type: string, description: comma-separated}]}
                notes: {type: string}
                cadence: {type: string, enum: [daily, weekly, monthly, yearly]}
                interval: {oneOf: [{type: integer, minimum: 1, maximum: 999}, {type: string}]}
                start: {type: string}
                end: {type: string}
                enabled: {type: boolean}
            RecurringRuleDetail:
              type: object
              required: [rule, instances]
              properties:
                rule: {$ref: '#/components/schemas/RecurringRule'}
                instances: {allOf: [{$ref: '#/components/schemas/Page'}], description: 'its template and instances, oldest first; items are Transaction'}
            RecurringRuleEdit:
              type: object
              required: [rule, changed, removed, generated]
              properties:
                rule: {$ref: '#/components/schemas/RecurringRule'}
                changed: {type: array, items: {type: string}, description: the fields that changed; empty when none did}
                removed: {type: integer, description: untouched instances from today on that were deleted to be made again}
                generated: {type: integer}
            RecurringRuleDeletion:
              type: object
              required: [deleted, description, futureTransactions, transactionsDeleted]
              properties:
                deleted: {type: string, format: uuid}
                description: {type: string}
                futureTransactions: {type: boolean}
                transactionsDeleted: {type: integer, description: its instances dated today or later; 0 unless futureTransactions}
            GeneratedYear:
              type: object
              required: [rule, description, years, count, generatedThroughYear]
              properties:
                rule: {type: string, format: uuid}
                description: {type: string}
                years: {type: array, items: {type: integer}, description: the years generated now; empty when already generated through next year}
                count: {type: integer, description: instances made}
                generatedThroughYear: {type: integer}
            RecurringEntry:
              description: A transaction added with a recurrence, and the rule it made.
              allOf:
                - {$ref: '#/components/schemas/Transaction'}
                - type: object
                  properties:
                    recurringRule: {$ref: '#/components/schemas/RecurringRule'}
            AnalysisPeriod:
              type: object
              required: [timeframe, label, start, end, previous, next]
              properties:
                timeframe: {type: string, enum: [year, month, week]}
                label: {type: string, description: '"2026", "Nov 2026" or "Wk 47 (Nov 16–Nov 22)"'}
                start: {type: string, format: date}
                end: {type: string, format: date}
                previous: {type: string, format: date, description: the first day of the period before; send it as date to go back}
                next: {type: string, format: date, description: the first day of the period after}
            AnalysisBucket:
              type: object
              required: [label, start, end, amount, count]
              properties:
                label: {type: string}
                start: {type: string, format: date}
                end: {type: string, format: date}
                amount: {type: string}
                count: {type: integer}
            CategoryLine:
              type: object
              properties:
                categoryId: {type: [string, "null"]}
                name: {type: string}
                emoji: {type: [string, "null"]}
                depth: {type: integer}
                amount: {type: string}
                count: {type: integer}
                share: {type: [string, "null"], description: percent of the total}
            AnalysisTransaction:
              description: A transaction as GET /transactions lists it, with its receipt count (the paperclip).
              allOf:
                - {$ref: '#/components/schemas/Transaction'}
                - type: object
                  required: [receiptCount]
                  properties:
                    receiptCount: {type: integer}
            Analysis:
              type: object
              required: [type, period, currency, total, count, buckets, byCategory, transactions]
              properties:
                type: {type: string, enum: [expense, income]}
                period: {$ref: '#/components/schemas/AnalysisPeriod'}
                currency: {type: string}
                total: {type: string, description: spending net of refunds for expense; income received for income}
                count: {type: integer}
                buckets: {type: array, items: {$ref: '#/components/schemas/AnalysisBucket'}, description: the months of a year, the weeks of a month or the days of a week}
                byCategory: {type: array, items: {$ref: '#/components/schemas/CategoryLine'}}
                transactions: {allOf: [{$ref: '#/components/schemas/Page'}], description: 'the period''s transactions, newest first; items are AnalysisTransaction'}
        """

    static let recurringPaths = """
          /analysis:
            get:
              summary: The Analysis tab - expense or income over a year, month or week, with its chart, categories and transactions.
              parameters:
                - {name: type, in: query, schema: {type: string, enum: [expense, income], default: expense}}
                - {name: timeframe, in: query, schema: {type: string, enum: [year, month, week], default: month}}
                - {name: date, in: query, description: a day in the period (YYYY-MM-DD); today when left out, schema: {type: string}}
                - {name: category, in: query, description: a category (its children included); repeat for several, schema: {type: string}}
                - {name: tag, in: query, description: repeat for several, schema: {type: string}}
                - {name: payment, in: query, schema: {type: string, enum: [paid, unpaid]}}
                - {name: reimbursement, in: query, schema: {type: string, enum: [reimbursed, unreimbursed]}}
                - {name: recurringRule, in: query, description: only the instances of this recurring rule (its id or description), schema: {type: string}}
                - {name: from, in: query, description: the first day to count, inside the period, schema: {type: string, format: date}}
                - {name: through, in: query, description: the last day to count, inside the period, schema: {type: string, format: date}}
                - {name: page, in: query, schema: {type: integer, minimum: 1}}
                - {name: size, in: query, schema: {type: integer, minimum: 1, maximum: 1000, default: 50}}
              responses:
                "200": {description: The analysis, content: {application/json: {schema: {$ref: '#/components/schemas/Analysis'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /recurring-rules:
            get:
              summary: Every recurring rule with its summary, by description. Rules are made by adding a transaction with a recurrence.
              responses:
                "200": {description: The rules, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/RecurringRule'}}}}}
          /recurring-rules/generate-next-year:
            post:
              summary: Generate Next Year - for every enabled rule not yet generated through next year, generate up to it; running it again makes nothing.
              responses:
                "200": {description: What each enabled rule made, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/GeneratedYear'}}}}}
                "422": {$ref: '#/components/responses/Error'}
          /recurring-rules/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            get:
              summary: One rule with a page of its transactions (its template and instances, oldest first).
              parameters:
                - {name: page, in: query, schema: {type: integer, minimum: 1}}
                - {name: size, in: query, schema: {type: integer, minimum: 1, maximum: 1000}}
              responses:
                "200": {description: The rule, content: {application/json: {schema: {$ref: '#/components/schemas/RecurringRuleDetail'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
            patch:
              summary: Change a rule; its untouched instances from today on are made again from the new fields; refused whole with every problem.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/RecurringRuleInput'}}}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {$ref: '#/components/schemas/RecurringRuleEdit'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
            delete:
              summary: Delete a rule. By default its transactions stay ("Delete rule only"); with futureTransactions=true its instances dated today or later go too.
              parameters:
                - {name: futureTransactions, in: query, schema: {type: boolean, default: false}}
              responses:
                "200": {description: Deleted, content: {application/json: {schema: {$ref: '#/components/schemas/RecurringRuleDeletion'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
        """
}
