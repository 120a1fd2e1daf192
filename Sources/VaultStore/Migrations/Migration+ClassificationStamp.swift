extension Migration {
    /// Whether a household's stored classification is what its rules give now (issue 15: a rule preview plans
    /// only the rows the draft rule can match when it is).
    ///
    /// - `inputs_seq`: the change-log position of the last change to what classification reads besides a row
    ///   itself: a rule, a category, an account's name, nickname or kind, an account removed (`ChangeLog` moves it).
    /// - `classified_seq`: the change-log position when the stored classification was last made whole: a full
    ///   pass over all history, or a household with no transactions yet. NULL: not known.
    ///
    /// Stored classification is current when `classified_seq >= inputs_seq`. Existing households start unknown;
    /// their next full pass (`ghostvault classify`, applying rules) makes it known. A release that changes how
    /// rows are classified sets `classified_seq` back to NULL in a migration of its own.
    static let classificationStamp = Migration(name: "0023-classification-stamp") { _ in
        [
            "ALTER TABLE households ADD COLUMN inputs_seq BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE households ADD COLUMN classified_seq BIGINT",
        ]
    }
}
