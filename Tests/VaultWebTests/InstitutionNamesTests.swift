import Foundation
import Testing
import VaultCore

@testable import VaultWeb

@Suite struct InstitutionNamesTests {
    let first = Institution.ID(UUID())
    let second = Institution.ID(UUID())
    let other = Institution.ID(UUID())

    @Test("two institutions with one name are told apart by their detail; a unique name stays as it is")
    func distinct() {
        let names = InstitutionNames.distinct([
            (first, "Summit Card Services", "Visa"), (second, "Summit Card Services", "Rewards Mastercard"),
            (other, "Evergreen Bank", "Checking"),
        ])
        #expect(names[first] == "Summit Card Services · Visa")
        #expect(names[second] == "Summit Card Services · Rewards Mastercard")
        #expect(names[other] == "Evergreen Bank")
    }

    @Test("when the details are shared too, the institutions are numbered")
    func numbered() {
        let names = InstitutionNames.distinct([
            (first, "Summit Card Services", "Home"), (second, "Summit Card Services", "Home"),
        ])
        #expect(names[first] == "Summit Card Services · Home (1)")
        #expect(names[second] == "Summit Card Services · Home (2)")
    }

    @Test("a third institution with its own detail keeps it; the two that share one are numbered from 1")
    func mixed() {
        let names = InstitutionNames.distinct([
            (other, "Summit Card Services", "Visa"), (first, "Summit Card Services", "Home"),
            (second, "Summit Card Services", "Home"),
        ])
        #expect(names[other] == "Summit Card Services · Visa")
        #expect(names[first] == "Summit Card Services · Home (1)")
        #expect(names[second] == "Summit Card Services · Home (2)")
    }
}
