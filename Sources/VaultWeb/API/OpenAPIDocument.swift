/// The API's OpenAPI 3.1 description, served at `/api/v1/openapi.yaml`. A test reads the router's routes
/// and checks that every API route is documented and every documented operation is routed.
enum OpenAPIDocument {
    static let yaml = """
        openapi: 3.1.0
        info:
          title: GhostVault API
          version: "\(GhostVaultServer.version)"
          description: >
            The JSON API of a GhostVault server. Sign in with POST /auth/login for a bearer token and send it as
            `Authorization: Bearer TOKEN`. Amounts are exact decimal strings (negative is money out); dates are
            YYYY-MM-DD in the household's time zone; ids are lower-case UUIDs. Errors are
            `{"error": {"code", "message", "problems"}}` with a stable code. While the database does not answer,
            every operation answers 503 with `database_unreachable` and a `Retry-After` header.
        servers:
          - url: /api/v1
        security:
          - bearer: []
          - session: []
        components:
          securitySchemes:
            bearer:
              type: http
              scheme: bearer
            session:
              type: apiKey
              in: cookie
              name: gv_session
              description: >
                The web app's own session. Requests other than GET made with it must also send the session's CSRF
                token in an X-CSRF-Token header (the page's csrf-token meta tag); native apps use bearer tokens.
                A browser request that changes something and is marked as coming from another site (Sec-Fetch-Site,
                or an Origin other than this server) is refused with 403 cross_site. Bodies are at most 256 KiB
                (413 too_large), except receipt uploads (10 MiB for the file, 16 KiB more for a multipart form).
          parameters:
            id:
              name: id
              in: path
              required: true
              schema: {type: string, format: uuid}
          responses:
            Error:
              description: A refusal with a stable code and a message that says what to do.
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
          schemas:
            Error:
              type: object
              required: [error]
              properties:
                error:
                  type: object
                  required: [code, message, problems]
                  properties:
                    code: {type: string, enum: [invalid_input, not_found, conflict, confirmation_required, unavailable, database_unreachable, unauthorized, bad_request, csrf, cross_site, too_large, rate_limited, internal]}
                    message: {type: string}
                    problems:
                      type: array
                      items:
                        type: object
                        properties: {field: {type: string}, message: {type: string}}
                    count: {type: integer, description: 'for confirmation_required where it applies, how many things would go with it'}
            CategoryInput:
              type: object
              properties:
                name: {type: string}
                type: {type: string, enum: [expense, income, transfer]}
                parent: {type: string, description: a category id, name or path; empty for the top level}
                emoji: {type: string}
                color: {type: string}
            RuleInput:
              type: object
              required: [name, filters]
              properties:
                name: {type: string}
                category: {type: string}
                classification: {type: string, enum: [income, expense, transfer, ignore]}
                join: {type: string, enum: [all, any]}
                priority: {type: integer}
                active: {type: boolean}
                apply: {type: boolean}
                filters:
                  type: array
                  items:
                    type: object
                    required: [field, op, value]
                    properties:
                      field: {type: string, enum: [description, payee, amount, account]}
                      op: {type: string, enum: [contains, starts-with, ends-with, equals, contains-word, regex, greater-than, less-than, between]}
                      value: {type: string}
                      secondValue: {type: string}
            Rule:
              type: object
              properties:
                id: {type: string}
                name: {type: string}
                category: {type: string, description: the category's path}
                categoryId: {type: string}
                classification: {type: string, enum: [income, expense, transfer, ignore]}
                join: {type: string, enum: [all, any]}
                priority: {type: integer}
                active: {type: boolean}
                inactiveReason:
                  type: string
                  description: Present when GhostVault switched the rule off, saying why (a pattern it refuses); editing the rule clears it
                builtIn: {type: boolean}
                origin: {type: string, enum: [user, income-pattern, merchant-pattern]}
                filters: {type: array, items: {type: object}}
                tags: {type: array, items: {type: string}}
                excludeFromTotals: {type: boolean}
            Page:
              type: object
              properties:
                items: {type: array, items: {type: object}}
                page: {type: integer}
                pageSize: {type: integer}
                pageCount: {type: integer, description: "While totalCountIsExact is false, the pages known so far"}
                totalCount: {type: integer}
                totalCountIsExact:
                  type: boolean
                  description: "False when the list was counted only this far (it goes on); counted to the next 1,000 past the page"
            Info:
              type: object
              required: [name, version, apiVersion]
              properties:
                name: {type: string, const: GhostVault}
                version: {type: string}
                apiVersion: {type: string}
                auth: {type: array, items: {type: string}}
                signUp: {type: boolean}
            Token:
              type: object
              required: [token, tokenType, expiresAt, user]
              properties:
                token: {type: string}
                tokenType: {type: string, const: Bearer}
                expiresAt: {type: string, format: date-time}
                user: {$ref: '#/components/schemas/Me'}
            Me:
              type: object
              required: [id, email, householdId, role, theme, dashboardLayout, onboarded]
              properties:
                id: {type: string}
                email: {type: string}
                householdId: {type: string}
                role: {type: string, enum: [owner, member], description: only an owner may erase the household's data}
                theme: {type: string, enum: [system, light, dark]}
                dashboardLayout: {type: array, items: {type: string}}
                onboarded: {type: boolean}
            Account:
              type: object
              properties:
                id: {type: string}
                name: {type: string}
                nickname: {type: [string, "null"]}
                displayName: {type: string}
                kind: {type: string}
                isLiability: {type: boolean}
                netWorthCategory: {type: string, enum: [bank-accounts, investments, liabilities, other-assets]}
                institution: {type: [string, "null"]}
                currency: {type: string}
                balance: {type: string, description: exact decimal; negative is owed}
                balanceDate: {type: [string, "null"]}
                hidden: {type: boolean}
                trackingOnly: {type: boolean}
                active: {type: boolean}
                sortOrder: {type: integer}
                manual: {type: boolean}
                transactionCount: {type: [integer, "null"]}
            TransactionInput:
              type: object
              properties:
                amount: {type: string, description: 'signed decimal in the account''s currency: "-12.50" is money out'}
                account: {type: string, description: the account's id, name or nickname}
                date: {type: string, description: 'YYYY-MM-DD, today or yesterday; today when left out'}
                category: {type: string, description: a category id, name or path; empty for none}
                description: {type: string}
                payee: {type: string}
                tags: {oneOf: [{type: array, items: {type: string}}, {type: string, description: comma-separated}], description: stored trimmed and lower-case}
                notes: {type: string}
                payment: {type: string, enum: [paid, unpaid, ""]}
                reimbursement: {type: string, enum: [reimbursed, unreimbursed, ""]}
                excluded: {type: boolean, description: left out of totals}
                card: {type: string, description: "only when adding: the miles card paid with (id, name or last four); its account is used and `account` is not needed"}
                bonusCategory: {$ref: '#/components/schemas/BonusCategory', description: only when adding with a card}
                foreign: {type: boolean, description: only when adding with a card; charged in a foreign currency}
                recurrence: {$ref: '#/components/schemas/Recurrence', description: only when adding; the entry becomes a recurring rule's template}
            Transaction:
              type: object
              properties:
                id: {type: string}
                name: {type: string, description: "the one name the transaction goes by everywhere: its payee, else its description, else its category (docs/figures.md)"}
                date: {type: string}
                amount: {type: string}
                description: {type: string}
                classification: {type: string}
                tags: {type: array, items: {type: string}, description: "trimmed and lower case, in the order given"}
                payment: {type: [string, "null"], enum: [paid, unpaid, null]}
                reimbursement: {type: [string, "null"], enum: [reimbursed, unreimbursed, null]}
            TagStat:
              type: object
              required: [tag, count]
              properties:
                tag: {type: string}
                count: {type: integer, description: how many transactions carry the tag}
            Connection:
              type: object
              properties:
                id: {type: string}
                label: {type: string}
                server: {type: string, description: the bridge's address; never the access credentials}
                status: {type: string, enum: [active, needs-token, payment-required, rate-limited, unreachable]}
                message: {type: [string, "null"]}
                lastSyncAt: {type: [string, "null"], format: date-time}
                lastSuccessAt: {type: [string, "null"], format: date-time}
                requestsUsedToday: {type: integer}
                requestsLeftToday: {type: integer}
                institutions:
                  type: array
                  items:
                    type: object
                    properties:
                      id: {type: string}
                      name: {type: string}
                      status: {type: [string, "null"], enum: [success, failure, null]}
                      message: {type: [string, "null"]}
                      accounts: {type: integer}
                      lastSuccessAt: {type: [string, "null"], format: date-time}
            SyncReport:
              type: object
              properties:
                connectionId: {type: string}
                connection: {type: string}
                status: {type: string}
                requests: {type: integer}
                remainingRequests: {type: integer}
                accountsAdded: {type: integer}
                accountsDeactivated: {type: integer}
                transactionsAdded: {type: integer}
                transactionsUpdated: {type: integer}
                pendingPosted: {type: integer}
                idsReissued: {type: integer}
                pendingDropped: {type: integer}
                skippedDeleted: {type: integer}
                messages: {type: array, items: {type: string}}
                failure: {type: string, description: "why the sync failed (the bridge or a proxy failed, access revoked, subscription lapsed, rate limited); absent when it worked"}
            SyncStatus:
              type: object
              properties:
                health: {type: string, enum: [not-connected, never-synced, ok, partial, failed]}
                lastSyncAt: {type: [string, "null"], format: date-time}
                failures: {type: array, items: {type: string}, description: "one entry per connection whose last sync failed - its label then the reason"}
                connections: {type: array, items: {$ref: '#/components/schemas/Connection'}}
            Receipt:
              type: object
              required: [id, transaction, fileName, contentType, byteSize, createdAt, url]
              properties:
                id: {type: string, format: uuid}
                transaction: {type: string, format: uuid}
                fileName: {type: string}
                contentType: {type: string, enum: [image/jpeg, image/png, image/webp, application/pdf], description: read from the file's own bytes}
                byteSize: {type: integer}
                createdAt: {type: string, format: date-time}
                url: {type: string, description: where GET returns the bytes}
        \(cardSchemas)
        \(recurringSchemas)
        \(datasetSchemas)
        \(bankFileSchemas)
        \(llmExportSchemas)
        \(calendarFeedSchemas)
        \(lensSchemas)
        paths:
          /info:
            get:
              summary: Identify the server (no sign-in needed).
              security: []
              responses:
                "200":
                  description: This is a GhostVault server.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Info'}
          /openapi.yaml:
            get:
              summary: This document.
              security: []
              responses:
                "200": {description: The OpenAPI document, content: {application/yaml: {}}}
          /auth/signup:
            post:
              summary: Create an account with a household of its own; returns a token.
              security: []
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [email, password]
                      properties:
                        email: {type: string}
                        password: {type: string, minLength: 8}
                        confirmation: {type: string}
                        timeZone: {type: string, description: IANA name; the server's when absent}
                        currency: {type: string, description: ISO 4217 code; USD when absent}
              responses:
                "201": {description: Signed up, content: {application/json: {schema: {$ref: '#/components/schemas/Token'}}}}
                "422": {$ref: '#/components/responses/Error'}
          /auth/login:
            post:
              summary: Exchange an email and password for a bearer token (attempts are rate-limited).
              security: []
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [email, password]
                      properties: {email: {type: string}, password: {type: string}}
              responses:
                "200": {description: Signed in, content: {application/json: {schema: {$ref: '#/components/schemas/Token'}}}}
                "401": {$ref: '#/components/responses/Error'}
                "429": {$ref: '#/components/responses/Error'}
          /auth/logout:
            post:
              summary: End the session the token belongs to.
              responses:
                "204": {description: Signed out}
                "401": {$ref: '#/components/responses/Error'}
          /me:
            get:
              summary: The signed-in person and their preferences.
              responses:
                "200": {description: The person, content: {application/json: {schema: {$ref: '#/components/schemas/Me'}}}}
                "401": {$ref: '#/components/responses/Error'}
            patch:
              summary: Change the theme, the dashboard layout, or finish onboarding.
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        theme: {type: string, enum: [system, light, dark]}
                        dashboardLayout: {type: array, items: {type: string}}
                        onboarded: {type: boolean}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {$ref: '#/components/schemas/Me'}}}}
                "422": {$ref: '#/components/responses/Error'}
            delete:
              summary: Delete the signed-in person's account; when nobody else is a member, the household goes too, with all its data.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {type: object, required: [confirm], properties: {confirm: {type: string, description: the person's email address}}}
              responses:
                "200":
                  description: Deleted
                  content:
                    application/json:
                      schema: {type: object, properties: {removal: {type: string, enum: [left-household, deleted-household]}}}
                "409": {$ref: '#/components/responses/Error'}
          /me/dashboard:
            put:
              summary: Save the dashboard's components in order (absent ones are removed).
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [layout]
                      properties: {layout: {type: array, items: {type: string}}}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {$ref: '#/components/schemas/Me'}}}}
                "422": {$ref: '#/components/responses/Error'}
          /dashboard:
            get:
              summary: Everything the dashboard shows.
              parameters:
                - {name: month, in: query, schema: {type: string, pattern: '^[0-9]{4}-[0-9]{2}$'}}
              responses:
                "200": {description: The dashboard, content: {application/json: {schema: {type: object}}}}
          /networth:
            get:
              summary: Net worth by category and institution, or its daily history (a timeframe, or from and to).
              parameters:
                - {name: history, in: query, schema: {type: string, enum: [1M, 3M, YTD, 1Y]}}
                - {name: from, in: query, schema: {type: string, format: date}}
                - {name: to, in: query, schema: {type: string, format: date}}
              responses:
                "200": {description: Net worth, content: {application/json: {schema: {type: object}}}}
          /reports/month:
            get:
              summary: A month's income, spending, savings rate and categories.
              parameters:
                - {name: month, in: query, schema: {type: string}}
                - {name: tag, in: query, description: "repeat for several: only transactions with any of them count, the months before included", schema: {type: string}}
                - {name: payment, in: query, description: only transactions with this payment flag; none for not set, schema: {type: string, enum: [paid, unpaid, none]}}
                - {name: reimbursement, in: query, description: only transactions with this reimbursement flag; none for not set, schema: {type: string, enum: [reimbursed, unreimbursed, none]}}
              responses:
                "200": {description: The month, content: {application/json: {schema: {type: object}}}}
                "422": {$ref: '#/components/responses/Error'}
          /accounts:
            get:
              summary: Every account.
              responses:
                "200":
                  description: Accounts
                  content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Account'}}}}
          /accounts/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            get:
              summary: An account with its balance history and recent transactions.
              responses:
                "200": {description: The account, content: {application/json: {schema: {type: object}}}}
                "404": {$ref: '#/components/responses/Error'}
            patch:
              summary: Change an account's net worth category, nickname, hidden or tracking-only.
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        netWorthCategory: {type: string}
                        nickname: {type: string}
                        hidden: {type: boolean}
                        trackingOnly: {type: boolean}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {$ref: '#/components/schemas/Account'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /connections:
            get:
              summary: SimpleFIN connections with their institutions and requests left today.
              responses:
                "200":
                  description: Connections
                  content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Connection'}}}}
            post:
              summary: Claim a SimpleFIN setup token and run the first sync.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [setupToken]
                      properties: {setupToken: {type: string}, label: {type: string}, historyDays: {type: integer}}
              responses:
                "201": {description: Connected, content: {application/json: {schema: {$ref: '#/components/schemas/SyncReport'}}}}
                "422": {$ref: '#/components/responses/Error'}
                "409": {$ref: '#/components/responses/Error'}
          /sync:
            post:
              summary: Sync every connection now (within today's request budget).
              responses:
                "200":
                  description: One report per connection
                  content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/SyncReport'}}}}
          /sync/status:
            get:
              summary: Bank sync's status (Settings, Data and Sync) - the last sync and its result, why it failed, each connection with its institutions, the bank's messages and the requests left today.
              responses:
                "200": {description: The status, content: {application/json: {schema: {$ref: '#/components/schemas/SyncStatus'}}}}
                "401": {$ref: '#/components/responses/Error'}
          /household/erase:
            post:
              summary: Erase the household's data (owner only) - transactions, receipts, accounts, connections, rules, budgets, recurring decisions, cards, categories - then restore the default categories and send every member back to first-run setup. The household, its members and its change log stay. Nothing can be recovered.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {type: object, required: [confirm], properties: {confirm: {type: string, enum: [ERASE]}}}
              responses:
                "200":
                  description: Erased
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          erased: {type: object, additionalProperties: {type: integer}, description: rows removed per table}
                          categoriesRestored: {type: integer}
                "403": {$ref: '#/components/responses/Error'}
                "409": {$ref: '#/components/responses/Error'}
          /institutions/{id}/sync:
            parameters: [{$ref: '#/components/parameters/id'}]
            post:
              summary: Sync the connection an institution belongs to.
              responses:
                "200": {description: The report, content: {application/json: {schema: {$ref: '#/components/schemas/SyncReport'}}}}
                "404": {$ref: '#/components/responses/Error'}
          /institutions/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            delete:
              summary: Remove an institution with its accounts and transactions (needs confirm=true when it has any).
              parameters:
                - {name: confirm, in: query, schema: {type: boolean}}
              responses:
                "200":
                  description: Removed
                  content:
                    application/json:
                      schema: {type: object, properties: {accounts: {type: integer}, transactions: {type: integer}}}
                "404": {$ref: '#/components/responses/Error'}
                "409": {$ref: '#/components/responses/Error'}
          /budgets:
            get:
              summary: "This month's budget (or ?month=YYYY-MM) with targets, actuals, what is left (remaining = target - actual, negative when over) and uncategorised spending."
              parameters:
                - {name: month, in: query, schema: {type: string}}
              responses:
                "200": {description: The budget, content: {application/json: {schema: {type: object}}}}
                "422": {$ref: '#/components/responses/Error'}
          /budgets/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            put:
              summary: Set a category's monthly target and notes (an empty target removes it).
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties: {target: {type: string, description: a non-negative amount}, notes: {type: string}}
              responses:
                "200":
                  description: Saved
                  content:
                    application/json:
                      schema: {type: object, properties: {categoryId: {type: string}, target: {type: [string, "null"]}, notes: {type: [string, "null"]}}}
                "422": {$ref: '#/components/responses/Error'}
            delete:
              summary: Clear a category's target and notes.
              responses:
                "200": {description: Cleared, content: {application/json: {schema: {type: object, properties: {cleared: {type: boolean}}}}}}
                "422": {$ref: '#/components/responses/Error'}
          /recurring:
            get:
              summary: Recurring patterns grouped under needs, wants and savings with monthly subtotals, upcoming bills, and the monthly total of recurring spending (needs and wants; transfers to savings are not spending).
              responses:
                "200": {description: The report, content: {application/json: {schema: {type: object}}}}
          /recurring/actions:
            post:
              summary: Confirm, dismiss, delete (stop tracking), restore or reclassify (need, want or savings; the payee's choice, which the 50/30/20 lens follows too) a recurring pattern, by its key.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [series, action]
                      properties: {series: {type: string}, action: {type: string, enum: [confirm, dismiss, delete, restore, reclassify]}, bucket: {type: string, enum: [need, want, savings], description: only for reclassify}}
              responses:
                "200": {description: Done, content: {application/json: {schema: {type: object}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /transactions/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            patch:
              summary: Change a transaction; only the fields sent change. A bank transaction takes only a person's own fields (category, tags, notes, flags, exclusion).
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/TransactionInput'}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {$ref: '#/components/schemas/Transaction'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
            delete:
              summary: Delete a transaction and its receipts (a bank transaction is remembered so sync does not bring it back).
              responses:
                "200":
                  description: Deleted
                  content:
                    application/json:
                      schema: {type: object, properties: {deleted: {type: string}, receiptsDeleted: {type: integer}}}
                "404": {$ref: '#/components/responses/Error'}
          /transactions:
            get:
              summary: One page of transactions, filtered like the Transactions page.
              parameters:
                - {name: from, in: query, schema: {type: string, format: date}}
                - {name: to, in: query, schema: {type: string, format: date}}
                - {name: q, in: query, description: description search ignoring case and punctuation, schema: {type: string}}
                - {name: account, in: query, description: repeat for several, schema: {type: string}}
                - {name: category, in: query, schema: {type: string}}
                - {name: transfers, in: query, description: include internal transfers, schema: {type: boolean}}
                - {name: kind, in: query, schema: {type: string, enum: [income, expense, transfer, ignore]}}
                - {name: tag, in: query, description: "repeat for several: a transaction with any of them is listed; matched trimmed and lower case", schema: {type: string}}
                - {name: payment, in: query, description: "none for transactions with no payment flag; omitted or empty for any", schema: {type: string, enum: [paid, unpaid, none]}}
                - {name: reimbursement, in: query, description: "none for transactions with no reimbursement flag; omitted or empty for any", schema: {type: string, enum: [reimbursed, unreimbursed, none]}}
                - {name: recurringRule, in: query, description: only the template and instances of this recurring rule (its id or description), schema: {type: string}}
                - {name: when, in: query, description: "history (dated today or before, the default), scheduled (after today) or all; entries dated after today are scheduled and count in no report or balance", schema: {type: string, enum: [history, scheduled, all]}}
                - {name: sort, in: query, schema: {type: string, enum: [desc, asc]}}
                - {name: page, in: query, schema: {type: integer, minimum: 1}}
                - {name: size, in: query, schema: {type: integer, minimum: 1, maximum: 1000}}
              responses:
                "200": {description: A page, content: {application/json: {schema: {$ref: '#/components/schemas/Page'}}}}
                "422": {$ref: '#/components/responses/Error'}
            post:
              summary: Add a manual expense (negative amount) or income (positive) to an account, or paid with a card; refused whole with every problem, nothing written.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      allOf: [{$ref: '#/components/schemas/TransactionInput'}, {required: [amount]}]
              responses:
                "201": {description: "Added; with a recurrence, also the rule it made (RecurringEntry)", content: {application/json: {schema: {oneOf: [{$ref: '#/components/schemas/Transaction'}, {$ref: '#/components/schemas/RecurringEntry'}]}}}}
                "422": {$ref: '#/components/responses/Error'}
          /tags:
            get:
              summary: Every tag of the household with how many transactions carry it, most used first, then by name.
              responses:
                "200":
                  description: Tags
                  content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/TagStat'}}}}
          /transactions/coverage:
            get:
              summary: What bank sync has imported (count, oldest and newest dates).
              responses:
                "200": {description: Coverage, content: {application/json: {schema: {type: object, properties: {totalImported: {type: integer}, oldestImported: {type: [string, "null"]}, newestImported: {type: [string, "null"]}}}}}}
          /transfers:
            get:
              summary: One page of transfer pairs, filtered like the transactions (page, size and sort are the pairs' own).
              parameters:
                - {name: from, in: query, schema: {type: string, format: date}}
                - {name: to, in: query, schema: {type: string, format: date}}
                - {name: q, in: query, schema: {type: string}}
                - {name: account, in: query, schema: {type: string}}
                - {name: sort, in: query, schema: {type: string, enum: [desc, asc]}}
                - {name: page, in: query, schema: {type: integer}}
                - {name: size, in: query, schema: {type: integer}}
              responses:
                "200": {description: A page, content: {application/json: {schema: {$ref: '#/components/schemas/Page'}}}}
                "422": {$ref: '#/components/responses/Error'}
            post:
              summary: Pair two equal and opposite transactions as a transfer by hand.
              requestBody:
                required: true
                content: {application/json: {schema: {type: object, required: [transaction, partner], properties: {transaction: {type: string}, partner: {type: string}}}}}
              responses:
                "204": {description: Paired}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /transfers/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            delete:
              summary: Unlink the pair holding this transaction (it is never paired again automatically).
              responses:
                "204": {description: Unlinked}
                "404": {$ref: '#/components/responses/Error'}
          /categories:
            get:
              summary: The category tree, parents before children.
              responses:
                "200": {description: Categories, content: {application/json: {schema: {type: array, items: {type: object}}}}}
            post:
              summary: Create a category.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/CategoryInput'}}}
              responses:
                "201": {description: Created, content: {application/json: {schema: {type: object}}}}
                "422": {$ref: '#/components/responses/Error'}
          /categories/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            patch:
              summary: Rename, retype, move (parent "" for the top level) or restyle a category.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/CategoryInput'}}}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {type: object}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
            delete:
              summary: Remove a category; when that moves children, transactions or rules, confirm=true is needed (409 says what would happen).
              parameters:
                - {name: confirm, in: query, schema: {type: boolean}}
                - {name: moveTo, in: query, description: where its transactions go, schema: {type: string}}
              responses:
                "200": {description: Removed, content: {application/json: {schema: {type: object}}}}
                "404": {$ref: '#/components/responses/Error'}
                "409": {$ref: '#/components/responses/Error'}
          /rules:
            get:
              summary: Rules sorted by name (search filters by name); built-in ones have origin other than user.
              parameters:
                - {name: search, in: query, schema: {type: string}}
              responses:
                "200": {description: Rules, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Rule'}}}}}
            post:
              summary: Create a rule, optionally applying the rules to existing transactions.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/RuleInput'}}}
              responses:
                "201": {description: Created, content: {application/json: {schema: {$ref: '#/components/schemas/Rule'}}}}
                "422": {$ref: '#/components/responses/Error'}
          /rules/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            put:
              summary: Replace a rule.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/RuleInput'}}}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {$ref: '#/components/schemas/Rule'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
            delete:
              summary: Delete a rule.
              responses:
                "204": {description: Deleted}
                "404": {$ref: '#/components/responses/Error'}
          /rules/preview:
            post:
              summary: What the rules, with this draft added, would change; nothing is saved.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/RuleInput'}}}
              responses:
                "200": {description: The changes, content: {application/json: {schema: {type: array, items: {type: object}}}}}
                "422": {$ref: '#/components/responses/Error'}
          /rules/apply:
            post:
              summary: Apply the rules to existing transactions (fields set by hand never change).
              responses:
                "200": {description: What changed, content: {application/json: {schema: {type: object}}}}
          /onboarding/review:
            get:
              summary: Last month's detected paychecks, transfers and card payments.
              responses:
                "200":
                  description: The review
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          paychecks: {type: array, items: {$ref: '#/components/schemas/Transaction'}}
                          transfers: {type: array, items: {$ref: '#/components/schemas/Transaction'}}
                          cardPayments: {type: array, items: {$ref: '#/components/schemas/Transaction'}}
          /transactions/{id}/classification:
            parameters: [{$ref: '#/components/parameters/id'}]
            post:
              summary: Confirm or change a transaction's classification, optionally for everything from its payee.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        classification: {type: string, enum: [income, expense, transfer, ignore]}
                        category: {type: string}
                        applyToPayee: {type: boolean}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {$ref: '#/components/schemas/Transaction'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /transactions/{id}/receipts:
            parameters: [{$ref: '#/components/parameters/id'}]
            get:
              summary: The transaction's receipts, oldest first, without their bytes.
              responses:
                "200": {description: The receipts, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Receipt'}}}}}
                "404": {$ref: '#/components/responses/Error'}
            post:
              summary: Attach a receipt (JPEG, PNG, WebP or PDF, at most 10 MiB; the type is read from the bytes).
              description: >
                Send the file as the field `file` of a multipart/form-data body, or as the whole body with its type
                (`Content-Type: image/jpeg`; the name in `?name=` or a Content-Disposition header). A file of another
                type (a text file renamed .jpg) is refused with 422 invalid_input; a body over the limit with 413
                too_large; either way nothing is kept.
              parameters:
                - {name: name, in: query, required: false, schema: {type: string}, description: the file name for a raw body}
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [file]
                      properties:
                        file: {type: string, format: binary}
                  image/jpeg: {schema: {type: string, format: binary}}
                  image/png: {schema: {type: string, format: binary}}
                  image/webp: {schema: {type: string, format: binary}}
                  application/pdf: {schema: {type: string, format: binary}}
              responses:
                "201": {description: Attached, content: {application/json: {schema: {$ref: '#/components/schemas/Receipt'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "413": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /receipts/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            get:
              summary: A receipt's bytes, with its checked type.
              description: >
                Served with Content-Disposition (inline for images, attachment for PDFs), X-Content-Type-Options:
                nosniff and the sandboxing policy `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox`.
              responses:
                "200":
                  description: The file
                  content:
                    image/jpeg: {schema: {type: string, format: binary}}
                    image/png: {schema: {type: string, format: binary}}
                    image/webp: {schema: {type: string, format: binary}}
                    application/pdf: {schema: {type: string, format: binary}}
                "404": {$ref: '#/components/responses/Error'}
            delete:
              summary: Delete a receipt.
              responses:
                "204": {description: Deleted}
                "404": {$ref: '#/components/responses/Error'}
        \(cardPaths)
        \(recurringPaths)
        \(datasetPaths)
        \(bankFilePaths)
        \(llmExportPaths)
        \(calendarFeedPaths)
        \(lensPaths)
        """
}
