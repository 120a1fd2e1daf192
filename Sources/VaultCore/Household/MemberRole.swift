/// What a person may do in their household.
///
/// The person who creates a household (signing up, or the first sign-in `ghostvault users add` gives a household
/// made by `init`) is its owner; people added later are members. When the last owner leaves, the oldest
/// remaining member becomes the owner, so a household with members always has one.
public enum MemberRole: String, Hashable, Sendable, Codable, CaseIterable {
    /// May do everything, including erasing the household's data.
    case owner
    /// May read and change the household's data, and leave it; may not erase it.
    case member
}
