import VaultCore

/// The frame of every page: head, theme, the page's content and, when signed in, the home bar.
enum Layout {
    /// Where the menu can take a person: Add first (capture is the quickest action, issue 16), then the
    /// places in the order `budget-client.md` lists them, then the later pages.
    static let menuPlaces: [(path: String, title: String)] = [
        ("/transactions/new", "Add"),
        ("/dashboard", "Dashboard"),
        ("/connections", "Connections"),
        ("/transactions", "Transactions"),
        ("/analysis", "Analysis"),
        ("/categories", "Categories"),
        ("/budgets", "Budgets"),
        ("/cards", "Cards"),
        ("/recurring", "Recurring"),
        ("/accounts", "Accounts"),
        ("/networth", "Net Worth"),
        ("/onboarding", "Set up bank sync"),
    ]

    /// A full page. `user` nil renders the signed-out frame (no home bar).
    static func page(title: String, signedIn: SignedIn?, current: String? = nil, body: HTML) -> HTML {
        let user = signedIn?.user
        let theme = user?.theme.rawValue ?? "system"
        return """
            <!doctype html>
            <html lang="en" data-theme="\(theme)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <title>\(title) · GhostVault</title>
            \(signedIn.map { "<meta name=\"csrf-token\" content=\"\($0.csrfToken)\">" as HTML } ?? .empty)
            <link rel="stylesheet" href="/assets/app.css">
            <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
            <link rel="manifest" href="/manifest.webmanifest">
            <link rel="apple-touch-icon" href="/assets/icon-180.png">
            <meta name="theme-color" content="#00805f" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#0f1419" media="(prefers-color-scheme: dark)">
            <meta name="apple-mobile-web-app-capable" content="yes">
            <meta name="mobile-web-app-capable" content="yes">
            <meta name="apple-mobile-web-app-status-bar-style" content="default">
            <meta name="apple-mobile-web-app-title" content="GhostVault">
            <script src="/assets/app.js" defer></script>
            </head>
            <body class="\(user == nil ? "signed-out" : "signed-in")">
            <main id="main">
            \(signedIn?.flash?.html ?? .empty)
            \(body)
            </main>
            \(user == nil ? .empty : homeBar(current: current))
            </body>
            </html>
            """
    }

    /// The bottom bar: Home, the round menu button, Settings; and the menu it opens.
    ///
    /// Without JavaScript the menu button is a link to `/menu`, a plain page with the same places; with it,
    /// the button expands the menu over the page and animates it back.
    static func homeBar(current: String?) -> HTML {
        """
        <nav class="home-bar" aria-label="Main">
          <a class="bar-side\(current == "/dashboard" ? " current" : "")" href="/dashboard" aria-label="Home">\(Icons.home)<span>Home</span></a>
          <a class="bar-menu" href="/menu" id="menu-button" aria-label="Open the menu" aria-expanded="false" aria-controls="app-menu">\(Icons.arrowUp)</a>
          <a class="bar-side\(current == "/settings" ? " current" : "")" href="/settings" aria-label="Settings">\(Icons.gear)<span>Settings</span></a>
        </nav>
        <div class="app-menu" id="app-menu" hidden>
          \(menuList(current: current))
        </div>
        """
    }

    /// The list of places, shared by the overlay and the `/menu` page.
    static func menuList(current: String?) -> HTML {
        let items = menuPlaces.map { place -> HTML in
            let marker: HTML = place.path == current ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(place.path)\"\(marker)>\(place.title)</a></li>"
        }
        return "<ul class=\"menu-list\">\(items)</ul>"
    }

    /// The household's categories as `<option>`s, children indented under their parents, `selected` chosen,
    /// `excluding` left out (a category cannot be its own parent).
    static func categoryOptions(_ tree: CategoryTree, selected: String?, excluding: Set<Category.ID> = []) -> HTML {
        tree.flattened().filter { !excluding.contains($0.0.id) }.map { category, depth -> HTML in
            let id = category.id.description
            let marker: HTML = selected == id ? " selected" : ""
            let indent = String(repeating: "\u{00A0}\u{00A0}", count: depth)
            return "<option value=\"\(id)\"\(marker)>\(indent)\(category.name)</option>"
        }.joined()
    }

    /// A hidden field with the session's CSRF token; every form carries one.
    static func csrfField(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(token)\">"
    }

    /// Problems from a refused form, each naming its field.
    static func problems(_ messages: [String]) -> HTML {
        guard !messages.isEmpty else { return .empty }
        let items = messages.map { message -> HTML in "<li>\(message)</li>" }
        return "<div class=\"alert error\" role=\"alert\"><ul>\(items)</ul></div>"
    }

    /// A one-line notice (a sync's result, a saved change).
    static func notice(_ message: String?) -> HTML {
        guard let message, !message.isEmpty else { return .empty }
        return "<div class=\"alert notice\" role=\"status\">\(message)</div>"
    }
}

/// Inline SVG icons (no icon font, no external request).
enum Icons {
    static let home: HTML =
        "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M3 11 12 3l9 8v10h-6v-6H9v6H3z\" fill=\"currentColor\"/></svg>"
    static let gear: HTML =
        "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path fill=\"currentColor\" d=\"M19.4 13a7.5 7.5 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-1.7-1L15 3.5h-4l-.4 2.5a7.4 7.4 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6a7.5 7.5 0 0 0 0 2l-2 1.6 2 3.4 2.4-1c.5.4 1.1.7 1.7 1l.4 2.5h4l.4-2.5c.6-.3 1.2-.6 1.7-1l2.4 1 2-3.4zM12 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z\"/></svg>"
    static let arrowUp: HTML =
        "<svg class=\"arrow\" viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M12 5l7 7-1.4 1.4L13 8.8V19h-2V8.8l-4.6 4.6L5 12z\" fill=\"currentColor\"/></svg>"
}
