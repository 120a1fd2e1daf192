extension Migration {
    /// A member's role in their household (issue 18): `owner` may erase the household's data, `member` may not.
    ///
    /// Existing households get their first member (by sign-up time) as the owner; members who joined in the same
    /// second are all owners, since nothing recorded which came first. The roles are spelled out here, not taken
    /// from `MemberRole`, so this released migration never changes.
    static let memberRoles = Migration(name: "0015-member-roles") { _ in
        [
            """
            ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member'))
            """,
            """
            UPDATE users SET role = 'owner' WHERE created_at = (
                SELECT MIN(earliest.created_at) FROM users earliest WHERE earliest.household_id = users.household_id
            )
            """,
        ]
    }
}
