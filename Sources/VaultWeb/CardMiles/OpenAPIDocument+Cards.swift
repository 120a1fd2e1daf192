/// The card miles tracker's part of the OpenAPI document: its schemas (under `components/schemas`) and paths.
/// Each fragment carries its final indentation, as it is interpolated at the start of a line.
extension OpenAPIDocument {
    static let cardSchemas = """
            BonusCategory:
              type: string
              enum: [online, contactless, foreignCurrency, dining, travel, groceries, transport, shopping, fuel, general]
            CardCap:
              type: object
              required: [categories, cap, bonusRate]
              properties:
                categories: {type: array, items: {$ref: '#/components/schemas/BonusCategory'}, description: usually one; never general}
                minimumSpend: {type: string, description: spend in these categories needed before any earns the bonus}
                cap: {type: string, description: the most spend per cycle that earns the bonus}
                bonusRate: {type: string, description: 'miles per dollar, like "4.0"'}
            CardInput:
              type: object
              description: >
                A library card (`template`, with only lastFourDigits, statementDay, categories and account) or a custom
                card (`name` needed). Amounts and rates are decimal strings; a field left out is left as it is; an
                empty string clears a threshold, rate, last four digits or notes; statementDay "" is the calendar
                month. On PATCH, `caps` replaces every cap ([] removes them); `template` and `categories` are refused.
              properties:
                template: {type: string, description: 'a library card id, like "uob-visa-signature"'}
                categories: {type: array, items: {$ref: '#/components/schemas/BonusCategory'}, description: one per library cap whose category the person picks (UOB Lady's Solitaire)}
                account: {type: string, description: "the credit-card account to count (id or name); left out, a manual account is made for the card"}
                bank: {type: string, enum: [dbs, uob, ocbc, citibank, hsbc, standardChartered, amex, maybank, other]}
                network: {type: string, enum: [visa, mastercard, amex, other]}
                name: {type: string}
                lastFourDigits: {type: string, pattern: '^([0-9]{4})?$'}
                currency: {type: string, description: ISO 4217; the account's or the household's when left out}
                minimumSpend: {type: string}
                maximumSpend: {type: string}
                statementDay: {oneOf: [{type: integer, minimum: 1, maximum: 31}, {type: string}], description: 1 to 31; "" or calendar for the calendar month}
                localRate: {type: string}
                foreignRate: {type: string}
                baseRate: {type: string}
                notes: {type: string}
                caps: {type: array, items: {$ref: '#/components/schemas/CardCap'}}
            CardBar:
              type: object
              required: [target, filled, colour, label]
              properties:
                target: {type: string}
                share: {type: [string, "null"], description: 'spend over target in percent, unclamped'}
                filled: {type: string, description: the share clamped to 0 to 100}
                colour: {type: string, enum: [orange, green, blue, red]}
                label: {type: string, description: '"S$800 / S$1,000 min"'}
            CardCapProgress:
              type: object
              properties:
                categories: {type: array, items: {$ref: '#/components/schemas/BonusCategory'}}
                name: {type: string}
                spend: {type: string}
                stage: {type: string, enum: [belowMinimum, earningBonus, maxed]}
                target: {type: string, description: the minimum while below it, else the cap}
                towardMinimum: {type: boolean}
                share: {type: [string, "null"]}
                filled: {type: string}
                colour: {type: string, enum: [orange, green, blue, red]}
                label: {type: string, description: '"Contactless: S$800 / S$1,000 min", "Online: S$450 / S$600"'}
                minimumSpend: {type: [string, "null"]}
                cap: {type: string}
                bonusRate: {type: string}
            Card:
              type: object
              description: >
                A card and its current cycle. Amounts are decimal strings in the card's currency; rates decimal
                strings of miles per dollar. Cards with caps have capProgress and no minimum or maximum bars or badge.
              properties:
                id: {type: string, format: uuid}
                title: {type: string, description: '"UOB Visa Signature ···1234"'}
                bank: {type: string}
                bankName: {type: string}
                network: {type: string}
                name: {type: string}
                lastFourDigits: {type: string}
                currency: {type: string}
                minimumSpend: {type: string}
                maximumSpend: {type: string}
                statementDay: {type: integer, description: absent for the calendar month}
                localRate: {type: string}
                foreignRate: {type: string}
                baseRate: {type: string}
                earnRates: {type: string, description: '"1.4 / 2.4 / 1.4 mpd"'}
                notes: {type: string}
                caps: {type: array, items: {$ref: '#/components/schemas/CardCap'}}
                bonusCategories: {type: array, items: {$ref: '#/components/schemas/BonusCategory'}, description: what a transaction on the card can be put in}
                template: {type: string}
                sortOrder: {type: integer}
                account:
                  type: object
                  properties: {id: {type: string}, name: {type: string}, ownedByCard: {type: boolean}}
                cycleStart: {type: string, format: date}
                cycleEnd: {type: string, format: date}
                spend: {type: string}
                minimumBar: {$ref: '#/components/schemas/CardBar'}
                maximumBar: {$ref: '#/components/schemas/CardBar'}
                badge:
                  type: object
                  properties:
                    status: {type: string, enum: [belowMinimum, minimumMet, inRange, overMaximum]}
                    text: {type: string}
                    colour: {type: string, enum: [orange, green, red]}
                capProgress: {type: array, items: {$ref: '#/components/schemas/CardCapProgress'}}
                miles: {type: integer, description: 'whole miles this cycle, rounded down once per card and cycle; absent for a card that earns none'}
                problem: {type: string, description: why the card counts nothing (its account is gone or in another currency)}
            CardsOverview:
              type: object
              properties:
                today: {type: string, format: date}
                month: {type: string}
                monthSpend:
                  type: array
                  description: this calendar month's spend across every card, one entry per currency
                  items: {type: object, properties: {currency: {type: string}, amount: {type: string}}}
                cards: {type: array, items: {$ref: '#/components/schemas/Card'}}
            CardDetail:
              type: object
              properties:
                card: {$ref: '#/components/schemas/Card'}
                transactions:
                  type: array
                  items:
                    type: object
                    properties:
                      id: {type: string}
                      date: {type: string, format: date}
                      amount: {type: string, description: the transaction's signed amount}
                      spend: {type: string, description: as the card counts it, a purchase positive}
                      description: {type: string}
                      payee: {type: string}
                      pending: {type: boolean}
                      bonusCategory: {$ref: '#/components/schemas/BonusCategory'}
                      bonusCategorySource: {type: string, enum: [chosen, payee, suggested]}
                      reason: {type: string, description: why it was suggested}
                      foreign: {type: boolean}
                      manual: {type: boolean}
            LibraryCard:
              type: object
              properties:
                id: {type: string}
                bank: {type: string}
                bankName: {type: string}
                network: {type: string}
                name: {type: string}
                currency: {type: string}
                localRate: {type: string}
                foreignRate: {type: string}
                baseRate: {type: string}
                earnRates: {type: string}
                notes: {type: string}
                minimumSpend: {type: string}
                maximumSpend: {type: string}
                caps:
                  type: array
                  items:
                    allOf: [{$ref: '#/components/schemas/CardCap'}, {properties: {chosenByPerson: {type: boolean}}}]
                categoriesToChoose: {type: integer}
                availability: {type: string, enum: [available, not-miles, discontinuing]}
                discontinuingFrom: {type: string}
                discontinued: {type: boolean}
            CardRecommendation:
              type: object
              properties:
                rank: {type: integer, description: '1 for the best card; left out for a card that cannot earn on the purchase'}
                card: {type: string}
                title: {type: string}
                miles: {type: integer, description: whole miles the purchase would add to the card's cycle}
                reason: {type: string, description: 'the rate and the cap or threshold that decide it, or why the card cannot earn'}
                canEarn: {type: boolean, description: 'false for a card in another currency than the purchase, or one that earns no miles; these come last'}
            CardRemoval:
              type: object
              properties:
                deleted: {type: string}
                title: {type: string}
                expensesDeleted: {type: integer}
                accountDeleted: {type: string, description: 'the account made for the card, deleted with it'}
            BonusCategoryChoice:
              type: object
              properties:
                transaction: {type: string}
                card: {type: string}
                cardTitle: {type: string}
                bonusCategory: {$ref: '#/components/schemas/BonusCategory'}
                foreign: {type: boolean}
                rememberedForPayee: {type: boolean}
        """

    static let cardPaths = """
          /cards:
            get:
              summary: The cards page - this month's spend across every card, then each card's current cycle.
              responses:
                "200": {description: The cards, content: {application/json: {schema: {$ref: '#/components/schemas/CardsOverview'}}}}
            post:
              summary: Add a card from the library (template) or a custom one; refused whole with every problem.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/CardInput'}}}
              responses:
                "201": {description: Added, content: {application/json: {schema: {$ref: '#/components/schemas/Card'}}}}
                "409": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /cards/library:
            get:
              summary: Every library card, grouped by bank in the spec's order.
              responses:
                "200": {description: The library, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/LibraryCard'}}}}}
          /cards/best:
            get:
              summary: Which card to use - the cards ranked by the miles one purchase would earn now, with why.
              description: >
                Each card's miles are its cycle's miles with the purchase minus without it, so a used-up cap earns
                the base rate. More miles first; ties by the cards page's order. The purchase is in one currency
                (`currency`; else the household's when a card is in it, else the first card's); cards in another currency cannot earn on it and
                come last with canEarn false and the reason.
              parameters:
                - {name: amount, in: query, required: true, schema: {type: string}}
                - {name: currency, in: query, description: 'ISO 4217 code of the purchase; when left out, the household''s if a card is in it, else the first card''s', schema: {type: string}}
                - {name: category, in: query, schema: {$ref: '#/components/schemas/BonusCategory'}}
                - {name: foreign, in: query, schema: {type: boolean}}
                - {name: date, in: query, description: YYYY-MM-DD; today when left out, schema: {type: string}}
              responses:
                "200": {description: Ranked, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/CardRecommendation'}}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
          /cards/order:
            post:
              summary: Put the cards in this order; cards not named keep their order after them.
              requestBody:
                required: true
                content: {application/json: {schema: {type: object, required: [ids], properties: {ids: {type: array, items: {type: string}}}}}}
              responses:
                "200": {description: Reordered, content: {application/json: {schema: {$ref: '#/components/schemas/CardsOverview'}}}}
                "404": {$ref: '#/components/responses/Error'}
          /cards/{id}:
            parameters: [{$ref: '#/components/parameters/id'}]
            get:
              summary: One card with the transactions its current cycle counts and how each one's bonus category was decided.
              responses:
                "200": {description: The card, content: {application/json: {schema: {$ref: '#/components/schemas/CardDetail'}}}}
                "404": {$ref: '#/components/responses/Error'}
            patch:
              summary: Change a card; only the fields sent change.
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: '#/components/schemas/CardInput'}}}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {$ref: '#/components/schemas/Card'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
            delete:
              summary: Delete a card; when its manual expenses would go too, confirm=true is needed (409 confirmation_required with their count).
              parameters:
                - {name: confirm, in: query, schema: {type: boolean}}
              responses:
                "200": {description: Deleted, content: {application/json: {schema: {$ref: '#/components/schemas/CardRemoval'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "409": {$ref: '#/components/responses/Error'}
          /transactions/{id}/bonus-category:
            parameters: [{$ref: '#/components/parameters/id'}]
            put:
              summary: Set a card transaction's bonus category (and foreign flag), remembered for its payee on that card unless rememberForPayee is false.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [bonusCategory]
                      properties:
                        bonusCategory: {$ref: '#/components/schemas/BonusCategory'}
                        foreign: {type: boolean}
                        rememberForPayee: {type: boolean, default: true}
              responses:
                "200": {description: Saved, content: {application/json: {schema: {$ref: '#/components/schemas/BonusCategoryChoice'}}}}
                "404": {$ref: '#/components/responses/Error'}
                "409": {$ref: '#/components/responses/Error'}
                "422": {$ref: '#/components/responses/Error'}
        """
}
