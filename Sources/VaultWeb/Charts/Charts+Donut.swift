import Foundation

extension Charts {
    /// One arc of a donut: its share of the ring (0 to 1), its CSS classes, where a tap goes and what it says.
    struct DonutPart {
        let fraction: Double
        let style: String
        let link: String
        let title: String
        /// Written on the arc ("64%") when the arc is long enough to hold it.
        var label: String? = nil
    }

    /// The shortest arc (a share of the ring) that gets its label written on it.
    static let donutLabelMinimum = 0.07

    /// A ring of tappable arcs with a line of text in its middle (the lens's and the spending categories'
    /// donuts). Parts with no share are left out.
    static func donut(_ parts: [DonutPart], center: String, label: String) -> HTML {
        // A circle of circumference 100 makes each dash its percentage; the first arc starts at twelve o'clock.
        let radius = 100 / (2 * Double.pi)
        var start = 0.0
        let arcs = parts.filter { $0.fraction > 0 }.map { part -> HTML in
            let length = part.fraction * 100
            defer { start += length }
            // The label sits mid-arc on the ring: arcs run clockwise from twelve o'clock.
            var label: HTML = .empty
            if let text = part.label, part.fraction >= donutLabelMinimum {
                let angle = (-90 + (start + length / 2) * 3.6) * Double.pi / 180
                label = """
                    <text class="donut-label" x="\(fmt(21 + radius * cos(angle)))" y="\(fmt(21 + radius * sin(angle) + 0.9))" text-anchor="middle">\(text)</text>
                    """
            }
            return """
                <a href="\(part.link)" class="donut-link"><circle class="\(part.style)" cx="21" cy="21" r="\(fmt(radius))" fill="none" stroke-width="6" stroke-dasharray="\(fmt(length)) \(fmt(100 - length))" stroke-dashoffset="\(fmt(25 - start))"><title>\(part.title)</title></circle>\(label)</a>
                """
        }
        return """
            <svg class="donut" viewBox="0 0 42 42" role="img" aria-label="\(label)"><circle class="donut-hole" cx="21" cy="21" r="\(fmt(radius))" fill="none" stroke-width="6"/>\(arcs.joined())<text x="21" y="22.5" text-anchor="middle" class="donut-total">\(center)</text></svg>
            """
    }
}
