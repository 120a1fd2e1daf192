/// What a person may do in their household.
///
/// The store keeps no role column yet: the owner is the household's first member (the person who signed up
/// and so created it, or the first sign-in `ghostvault users add` gave a household made by `init`), and
/// everyone added later is a member. When the owner leaves, the next oldest member becomes the owner.
public enum MemberRole: String, Hashable, Sendable, Codable, CaseIterable {
    /// May do everything, including erasing the household's data.
    case owner
    /// May read and change the household's data, and leave it; may not erase it.
    case member

    /// The role of each member, given the members oldest first (`UserDirectory.members(of:)`'s order).
    public static func roles(ofMembersOldestFirst members: [User]) -> [User.ID: MemberRole] {
        Dictionary(
            uniqueKeysWithValues: members.enumerated().map { ($0.element.id, $0.offset == 0 ? .owner : .member) })
    }
}
