extension Layout {
    /// A destructive action in two taps (issue 21): a button that opens a short statement of what goes, and
    /// the real button beneath it. A `<details>`, so it asks first without JavaScript too.
    ///
    /// - Parameters:
    ///   - title: the first button's words ("Delete").
    ///   - what: what will go, in the person's words.
    ///   - confirm: the second button's words, naming the thing ("Delete the rule Coffee").
    ///   - action: where the form posts; `fields` are its hidden inputs.
    static func confirmed(
        _ title: String, what: HTML, confirm: String, action: String, fields: [(String, String)] = [],
        csrfToken: String
    ) -> HTML {
        let hidden = fields.map { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\($0.1)\">" as HTML }
        return """
            <details class="confirm"><summary class="button danger">\(title)</summary>
            <div class="confirm-panel" role="alertdialog" aria-label="\(confirm)?"><p class="small">\(what)</p>
            <form method="post" action="\(action)">\(csrfField(csrfToken))\(hidden)<button type="submit" class="danger">\(confirm)</button></form></div></details>
            """
    }
}
