import VaultCore

/// The Receipts section of a transaction's page (spec `expense-tracker.md` 3.3): thumbnails with the count,
/// each opening the receipt on its own and with a Delete that asks first; and two ways to attach one more,
/// "Take photo" (the phone's camera, through the file input's `capture`) and "Choose from library".
///
/// It works without scripts: each form posts one file (`multipart/form-data`) and the page comes back with a
/// message. It stands alone so the page around it can change.
enum ReceiptsSection {
    /// What the file inputs offer: the types the server accepts (it checks the bytes again).
    static let accept = ReceiptType.allCases.map(\.mediaType).joined(separator: ",")

    static func render(_ receipts: [Receipt], transaction: Transaction.ID, csrfToken: String) -> HTML {
        let csrf = Layout.csrfField(csrfToken)
        let items = receipts.map { receipt -> HTML in
            let url = "/receipts/\(receipt.id)"
            let preview: HTML =
                receipt.type.isImage
                ? "<a href=\"\(url)\" class=\"receipt-thumb\"><img src=\"\(url)\" alt=\"Receipt \(receipt.fileName)\" loading=\"lazy\"></a>"
                : "<a href=\"\(url)\" class=\"receipt-thumb receipt-pdf\">PDF</a>"
            return """
                <li>\(preview)<span class="small">\(receipt.fileName)<br><span class="muted">\(ReceiptFile.sizeText(receipt.byteSize))</span></span>
                <details class="row-menu"><summary>Delete</summary><form method="post" action="\(url)/delete">\(csrf)<p class="small">Delete this receipt? It cannot be brought back.</p><button type="submit" class="danger">Delete receipt</button></form></details></li>
                """
        }
        let list: HTML =
            receipts.isEmpty
            ? "<p class=\"muted\">No receipts yet.</p>" : "<ul class=\"receipts\">\(items)</ul>"
        let action = "/transactions/\(transaction)/receipts"
        return """
            <section class="card" id="receipts"><h2>Receipts <span class="muted">(\(receipts.count))</span></h2>
            \(list)
            <form method="post" action="\(action)" enctype="multipart/form-data" class="stack">\(csrf)
            <label for="receipt-camera">Take photo</label><input id="receipt-camera" type="file" name="file" accept="\(accept)" capture="environment" required>
            <p><button type="submit">Attach photo</button></p></form>
            <form method="post" action="\(action)" enctype="multipart/form-data" class="stack">\(csrf)
            <label for="receipt-library">Choose from library</label><input id="receipt-library" type="file" name="file" accept="\(accept)" required>
            <p><button type="submit" class="secondary">Attach file</button></p></form>
            <p class="muted small">\(ReceiptType.acceptedNames), up to \(ReceiptFile.maximumSizeText) each.</p>
            </section>
            """
    }
}
