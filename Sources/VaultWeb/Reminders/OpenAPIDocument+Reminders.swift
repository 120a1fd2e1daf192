/// Issue 20's reminders: each person's secret calendar link for upcoming bills. Each fragment carries its final
/// indentation, as it is interpolated at the start of a line.
extension OpenAPIDocument {
    static let calendarFeedSchemas = """
            CalendarFeed:
              type: object
              required: [active]
              properties:
                active: {type: boolean, description: whether the person has a calendar link}
                createdAt: {type: [string, "null"], format: date-time}
                url: {type: [string, "null"], description: "the secret address, https://host/calendar/<token>.ics; only in the answer that made it (the server keeps only a hash)"}
        """
    static let calendarFeedPaths = """
          /calendar-feed:
            get:
              summary: Whether the signed-in person has a calendar link for upcoming bills (never its address).
              responses:
                "200": {description: The link's state, content: {application/json: {schema: {$ref: '#/components/schemas/CalendarFeed'}}}}
            post:
              summary: Make a new calendar link (the previous one stops working). A calendar app subscribes to the address with GET, outside /api/v1 and without sign-in; it answers text/calendar (RFC 5545) with the bills of the next 90 days, each with an alert the day before, or 404 once the link is turned off.
              responses:
                "201": {description: Made; the only answer that holds the address, content: {application/json: {schema: {$ref: '#/components/schemas/CalendarFeed'}}}}
            delete:
              summary: Turn the calendar link off.
              responses:
                "200": {description: Done, content: {application/json: {schema: {type: object, properties: {revoked: {type: boolean, description: false when there was no link}}}}}}
        """
}
