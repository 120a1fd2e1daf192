import Foundation

/// "PAYMENTS" alone is left out: it names processors ("AMAZON PAYMENTS", "SQUARE PAYMENTS") whose credits are refunds.
///
/// Recognises money into a credit card that pays the card off rather than refunding a purchase (issue 34: a card
/// account's `AUTOMATIC PAYMENT - THANK YOU +250.00`, imported from a bank file with no other side in the
/// household, counted as a refund and lowered spending).
///
/// The words are what card issuers print on a payment line: "PAYMENT", "PYMT", "PMT", "AUTOPAY", "THANK YOU",
/// and the common non-English words for a payment. They are matched as whole words of the folded payee key of the
/// description and the payee, so "PAYMENTUS" or "EPAY STORE" do not match. A line that also names a refund,
/// return or reversal ("REFUND OF PAYMENT") is not a payment.
public enum CardPaymentWords {
    /// Whole words (after `PayeeKey.normalize`) that name a payment to the card.
    static let paymentWords: Set<String> = [
        "payment", "pymt", "pmt", "autopay", "autopayment", "epayment", "directpay",
        "pago", "paiement", "zahlung", "pagamento", "betaling",
    ]
    /// Phrases of several words that name one ("AUTO PAY", "ONLINE PYMT" is covered by its word).
    static let paymentPhrases = ["auto pay", "thank you", "e pay", "direct debit"]
    /// Words that make a credit a refund whatever else it says.
    static let refundWords: Set<String> = [
        "refund", "refunds", "return", "returns", "returned", "reversal", "reversed", "chargeback", "cashback",
        "rebate", "reembolso", "remboursement", "erstattung",
    ]

    /// Whether a credit on a card with this description and payee reads as a payment of the card.
    public static func namesPayment(description: String, payee: String?) -> Bool {
        var words: [String] = []
        for text in [description, payee ?? ""] where !text.isEmpty {
            words += PayeeKey.normalize(text).split(separator: " ").map(String.init)
        }
        guard !words.contains(where: refundWords.contains) else { return false }
        if words.contains(where: paymentWords.contains) { return true }
        let joined = " " + words.joined(separator: " ") + " "
        return paymentPhrases.contains { joined.contains(" \($0) ") }
    }
}
