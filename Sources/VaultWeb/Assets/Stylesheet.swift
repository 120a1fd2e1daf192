/// The app's one stylesheet: mobile first, light and dark, no external fonts.
enum Stylesheet {
    static let css = """
        :root {
          --brand: #00805f; --brand-strong: #007a5c; --bg: #f7f8fa; --card: #ffffff; --text: #2e3e4e;
          --muted: #5f6b7a; --line: #e3e7ec; --income: #0b7a53; --expense: #c73434; --warn: #b45309;
          --shadow: 0 1px 3px rgba(20, 30, 40, .08); --radius: 14px; --on-brand: #ffffff; --on-expense: #ffffff;
        }
        html[data-theme="light"] { color-scheme: light; }
        html[data-theme="dark"] { color-scheme: dark; }
        html[data-theme="system"] { color-scheme: light dark; }
        html[data-theme="dark"] {
          --bg: #0f1419; --card: #1a2129; --text: #e6edf3; --muted: #9aa7b4; --line: #2c3640;
          --income: #34d399; --expense: #f87171; --brand: #2dd4aa; --brand-strong: #5eead4; --warn: #fbbf24;
          --shadow: none; --on-brand: #04201a; --on-expense: #2a0707;
        }
        @media (prefers-color-scheme: dark) {
          html[data-theme="system"] {
            --bg: #0f1419; --card: #1a2129; --text: #e6edf3; --muted: #9aa7b4; --line: #2c3640;
            --income: #34d399; --expense: #f87171; --brand: #2dd4aa; --brand-strong: #5eead4; --warn: #fbbf24;
            --shadow: none; --on-brand: #04201a; --on-expense: #2a0707;
          }
        }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        .scripted .js-hidden { display: none; }
        .budget-row input[name=target] { max-width: 9em; }
        input[aria-invalid="true"] { border-color: var(--expense); }
        tr.pending td { border-bottom-style: dashed; } tr.pending td:not(.menu-col) { opacity: .7; }
        .badge.class-income { color: var(--income); border-color: var(--income); }
        .badge.class-expense { color: var(--expense); border-color: var(--expense); }
        .badge.class-transfer { color: var(--brand-strong); border-color: var(--brand-strong); }
        details.row-menu summary { cursor: pointer; color: var(--brand-strong); }
        details.row-menu[open] { min-width: 240px; }
        details.filters > summary { cursor: pointer; font-weight: 600; font-size: 1.05rem; }
        svg.swatch { width: 10px; height: 10px; vertical-align: middle; }
        fieldset { border: 1px solid var(--line); border-radius: 10px; margin: 10px 0; }
        .pager { margin-top: 10px; } .button[aria-disabled="true"] { opacity: .4; pointer-events: none; }
        .save-state.saved { color: var(--income); } .save-state.failed { color: var(--expense); }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--text);
          font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
        }
        main { max-width: 1100px; margin: 0 auto; padding: 16px 14px 110px; }
        body.signed-out main { max-width: 440px; padding-top: 40px; }
        h1 { font-size: 1.5rem; margin: 4px 0 14px; }
        h2 { font-size: 1.05rem; margin: 0 0 10px; }
        a { color: var(--brand-strong); }
        .muted { color: var(--muted); }
        .small { font-size: .85rem; }
        .amount { font-variant-numeric: tabular-nums; white-space: nowrap; }
        .in { color: var(--income); } .out { color: var(--expense); }
        .card { background: var(--card); border-radius: var(--radius); box-shadow: var(--shadow);
          border: 1px solid var(--line); padding: 14px; margin: 0 0 14px; min-width: 0; }
        .big { font-size: 1.9rem; font-weight: 700; margin: 2px 0; }
        .row { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
        .spread { display: flex; justify-content: space-between; align-items: center; gap: 10px; flex-wrap: wrap; }
        table { width: 100%; border-collapse: collapse; font-size: .93rem; }
        th, td { text-align: left; padding: 7px 4px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { color: var(--muted); font-weight: 600; font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; }
        td.num, th.num { text-align: right; }
        .table-wrap { overflow-x: auto; }
        @media (max-width: 600px) {
          table.responsive thead { display: none; }
          table.responsive tr { display: block; padding: 8px 0; border-bottom: 1px solid var(--line); }
          table.responsive td { display: flex; justify-content: space-between; gap: 12px; border: 0; padding: 3px 0; text-align: right; }
          table.responsive td::before { content: attr(data-label); color: var(--muted); font-size: .85rem; text-align: left; }
          table.responsive td:first-child { display: block; font-weight: 600; text-align: left; }
          table.responsive td:first-child::before { content: none; }
          table.responsive td[data-label=""]::before { content: none; }
          #monthly-targets td[data-label="Notes"] input { max-width: 65%; }
        }
        /* The transactions list: compact rows under date headers, like a banking app (issue 21). */
        table.compact-list { table-layout: auto; }
        table.compact-list tr.date-row th { padding: 12px 4px 4px;
          text-transform: none; letter-spacing: 0; font-size: .85rem; color: var(--muted); }
        table.compact-list tr[data-transaction] { position: relative; }
        table.compact-list td { vertical-align: middle; padding: 6px 4px; }
        table.compact-list td.what a { color: var(--text); text-decoration: none; }
        table.compact-list td.what strong { font-weight: 600; }
        table.compact-list .meta { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        table.compact-list .meta .badge { font-size: .7rem; padding: 0 6px; margin-left: 4px; }
        table.compact-list .tags { margin-top: 2px; }
        table.compact-list td.cat form { margin: 0; }
        select.chip-select { width: auto; max-width: 100%; font-size: .8rem; padding: 4px 8px; border-radius: 999px;
          min-height: 32px; background: var(--bg); }
        table.compact-list .save-state { display: block; font-size: .75rem; }
        table.compact-list .save-state:empty { display: none; }
        table.compact-list td.menu-col { width: 44px; text-align: right; }
        details.row-menu > summary { list-style: none; display: inline-flex; align-items: center; justify-content: center;
          min-width: 44px; min-height: 44px; font-size: 1.3rem; color: var(--muted); }
        details.row-menu > summary::-webkit-details-marker { display: none; }
        details.row-menu[open] { min-width: 0; }
        details.row-menu .menu-panel { position: absolute; right: 0; left: 0; top: 100%; z-index: 6; text-align: left;
          background: var(--card); border: 1px solid var(--line); border-radius: 12px; box-shadow: 0 10px 30px rgba(0, 0, 0, .2);
          padding: 4px 14px 10px; }
        .tx-id { overflow-wrap: anywhere; }
        @media (min-width: 601px) {
          details.row-menu .menu-panel { left: auto; width: 360px; }
        }
        @media (max-width: 600px) {
          table.compact-list thead, table.compact-list td.notes-col { display: none; }
          table.compact-list, table.compact-list tbody { display: block; }
          table.compact-list tr.date-row { display: block; }
          table.compact-list tr.date-row th { display: block; border: 0; }
          table.compact-list tr[data-transaction] { display: grid; grid-template-columns: auto minmax(0, 1fr) auto;
            grid-template-areas: "desc desc amount" "cat meta menu"; align-items: center; column-gap: 8px;
            border-bottom: 1px solid var(--line); padding: 6px 0 0; }
          table.compact-list tr[data-transaction] td { display: block; border: 0; padding: 0; }
          table.compact-list tr[data-transaction] td.what { display: contents; }
          table.compact-list td.what > a { grid-area: desc; min-width: 0; display: block; overflow: hidden;
            text-overflow: ellipsis; white-space: nowrap; }
          table.compact-list td.what > .meta { grid-area: meta; min-width: 0; }
          table.compact-list td.amount { grid-area: amount; font-weight: 600; }
          table.compact-list tr[data-transaction] td.cat { grid-area: cat; min-width: 0; display: flex; align-items: center; gap: 6px; }
          table.compact-list td.menu-col { grid-area: menu; width: auto; }
          table.compact-list .tags { display: none; }
          select.chip-select { max-width: 40vw; }
        }
        /* The rule editor's second value is for "is between" only (CSS, so it holds without scripts too). */
        .filter-row input.second-value { display: none; }
        .filter-row:has(select[name=op] option[value="between"]:checked) input.second-value { display: block; }
        /* Two taps for anything destructive: the first opens what goes, the second does it (issue 21). */
        details.confirm { display: inline-block; }
        details.confirm > summary { list-style: none; }
        details.confirm > summary::-webkit-details-marker { display: none; }
        details.confirm[open] > summary { background: transparent; color: var(--expense); border: 1px solid var(--expense); }
        details.confirm .confirm-panel { margin-top: 6px; max-width: 320px; text-align: left; }
        details.confirm .confirm-panel p { margin: 0 0 6px; }
        details.confirm .confirm-panel form { margin: 0; }
        form.stack label { display: block; margin: 10px 0 4px; font-weight: 600; }
        input[type=text], input[type=email], input[type=password], input[type=month], input[type=date], input[type=number],
        textarea, select {
          width: 100%; font: inherit; padding: 10px 12px; border-radius: 10px; border: 1px solid var(--line);
          background: var(--bg); color: var(--text);
        }
        textarea { min-height: 90px; }
        button, .button {
          display: inline-block; font: inherit; font-weight: 600; border: 0; border-radius: 10px; padding: 10px 16px;
          background: var(--brand); color: var(--on-brand); cursor: pointer; text-decoration: none; min-height: 44px;
        }
        button.secondary, .button.secondary { background: transparent; color: var(--text); border: 1px solid var(--line); }
        button.danger, .button.danger { background: var(--expense); color: var(--on-expense); }
        .card.danger-zone { border-color: var(--expense); }
        .danger-zone h2 { color: var(--expense); }
        .danger-zone .action + .action { border-top: 1px solid var(--line); margin-top: 12px; padding-top: 12px; }
        button.link { background: none; color: var(--brand-strong); padding: 0 4px; min-height: 0; text-decoration: underline; }
        button:focus-visible, a:focus-visible, [tabindex]:focus-visible, select:focus-visible, input:focus-visible {
          outline: 3px solid var(--brand); outline-offset: 2px; }
        .alert { border-radius: 10px; padding: 10px 12px; margin: 0 0 14px; }
        .alert ul { margin: 0; padding-left: 18px; }
        .alert.error { background: rgba(199, 52, 52, .12); color: var(--expense); }
        .alert.notice { background: rgba(0, 168, 126, .12); }
        .alert.offline-note { background: rgba(180, 83, 9, .14); color: var(--text); font-weight: 600; }
        .badge { display: inline-block; font-size: .75rem; padding: 2px 8px; border-radius: 999px;
          border: 1px solid var(--line); color: var(--muted); }
        .badge.ok { color: var(--income); border-color: var(--income); }
        .badge.bad { color: var(--expense); border-color: var(--expense); }
        .tags { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; font-weight: 400; }
        .tag { display: inline-block; font-size: .75rem; padding: 1px 8px; border-radius: 999px;
          background: var(--line); color: inherit; text-decoration: none; max-width: 100%; overflow-wrap: anywhere; }
        .badge.flag-unpaid, .badge.flag-unreimbursed { color: var(--expense); border-color: var(--expense); }
        meter, progress { width: 100%; height: 12px; }
        .dashboard { display: grid; grid-template-columns: 1fr; gap: 0 14px; }
        @media (min-width: 760px) {
          .dashboard { grid-template-columns: 1fr 1fr; }
          .dashboard .wide { grid-column: 1 / -1; }
          main { padding: 24px 24px 120px; }
        }
        @media (min-width: 1100px) { .dashboard { grid-template-columns: 1fr 1fr 1fr; } }
        .dashboard .card.dragging { position: relative; z-index: 10; opacity: .94; outline: 2px dashed var(--brand);
          box-shadow: 0 12px 30px rgba(0, 0, 0, .25); cursor: grabbing; }
        .drag-handle { display: none; float: right; touch-action: none; cursor: grab; min-height: 36px; padding: 4px 12px;
          background: transparent; color: var(--muted); border: 1px dashed var(--line); font-size: 1.1rem; }
        .dashboard.editing .drag-handle { display: inline-block; }
        .card-tools { display: none; gap: 6px; margin-top: 8px; }
        .dashboard.editing .card-tools { display: flex; }
        .card-tools form { margin: 0; }
        .card-tools button { min-height: 36px; padding: 6px 10px; font-size: .85rem; }
        .sync-bar { display: flex; gap: 10px; align-items: center; justify-content: space-between; flex-wrap: wrap;
          font-size: .9rem; margin: 0 0 14px; }
        .sync-bar form { margin: 0; }
        .sync-bar button[aria-busy="true"]::after { content: " …"; }
        .chart svg { width: 100%; height: auto; max-height: 300px; display: block; }
        .chart svg *, .sparkline path { vector-effect: non-scaling-stroke; }
        .chart .wide-chart { display: none; }
        @media (min-width: 760px) {
          .dashboard .wide .chart .wide-chart { display: block; } .dashboard .wide .chart .narrow-chart { display: none; }
          .dashboard .wide .chart .wide-chart svg { max-height: none; }
        }
        #edit-layout { padding: 8px 10px; } #edit-layout svg { width: 22px; height: 22px; display: block; }
        #edit-layout[aria-pressed="true"] { background: var(--brand); color: var(--on-brand); }
        .chart .bar { cursor: pointer; }
        .chart .bar.income, .chart .dot.income, .legend .income::before { fill: var(--income); background: var(--income); }
        .chart .bar.spending, .chart .dot.spending, .legend .spending::before { fill: var(--expense); background: var(--expense); }
        .chart .line.income { stroke: var(--income); } .chart .line.spending { stroke: var(--expense); }
        .chart .line, .sparkline path { fill: none; stroke-width: 2; }
        .sparkline path { stroke: var(--brand); }
        .chart .axis { stroke: var(--line); } .chart text { fill: var(--muted); font-size: 10px; }
        .chart .selected { stroke: var(--text); stroke-width: 2; }
        .legend { display: flex; gap: 14px; font-size: .85rem; color: var(--muted); }
        .legend span::before { content: ""; display: inline-block; width: 10px; height: 10px; border-radius: 3px; margin-right: 5px; }
        .readout { min-height: 1.5em; font-size: .92rem; margin-top: 6px; }
        .toggle { display: inline-flex; border: 1px solid var(--line); border-radius: 10px; overflow: hidden; max-width: 100%; }
        .toggle a { display: inline-flex; align-items: center; justify-content: center; padding: 6px 12px; min-height: 36px;
          text-decoration: none; color: var(--text); font-size: .85rem; white-space: nowrap; }
        .toggle a[aria-current="true"] { background: var(--brand); color: var(--on-brand); }
        /* The Income vs Spending card has four views (with the 50/30/20 lens): narrower on the smallest phones. */
        @media (max-width: 400px) { .toggle a { padding: 6px 7px; font-size: .8rem; } }
        .analysis-controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 12px; }
        .period-nav { display: inline-flex; align-items: center; gap: 6px; margin-left: auto; }
        .period-nav .arrow { display: inline-flex; align-items: center; justify-content: center; min-width: 40px;
          min-height: 40px; border: 1px solid var(--line); border-radius: 10px; text-decoration: none; color: var(--text); }
        .period-nav .period { font-weight: 600; font-size: .92rem; text-align: center; }
        .chart .grid { stroke: var(--line); stroke-dasharray: 2 3; } .chart text.tick { font-size: 9px; }
        .filters summary { cursor: pointer; font-weight: 600; } .chip.depth-1 { margin-left: 10px; }
        .chip.depth-2 { margin-left: 20px; }
        table.breakdown tr.child td:first-child { padding-left: 18px; }
        h3.group { font-size: .85rem; color: var(--muted); margin: 14px 0 4px; text-transform: uppercase; letter-spacing: .03em; }
        .analysis-list, .rule-list { list-style: none; margin: 0; padding: 0; }
        .rule-list li { padding: 10px 0; border-bottom: 1px solid var(--line); }
        .rule-list li a { display: block; min-height: 32px; }
        .analysis-row { border-bottom: 1px solid var(--line); padding: 8px 0; }
        .analysis-row .row-main { display: grid; grid-template-columns: 4.2em 1fr auto; gap: 8px; align-items: baseline;
          text-decoration: none; color: var(--text); min-height: 44px; }
        .analysis-row .what { display: flex; flex-direction: column; min-width: 0; overflow-wrap: anywhere; }
        .analysis-row .date { color: var(--muted); font-size: .85rem; }
        .analysis-row .paperclip { font-size: .85rem; color: var(--muted); }
        .row-delete summary { cursor: pointer; color: var(--expense); font-size: .85rem; display: inline-block; min-height: 32px; }
        .month-nav { display: flex; align-items: center; gap: 12px; }
        .month-nav a { text-decoration: none; font-size: 1.3rem; padding: 0 8px; }
        .group-title { margin: 12px 0 4px; font-size: .8rem; text-transform: uppercase; color: var(--muted); letter-spacing: .04em; }
        .institution { margin: 4px 0 8px; }
        .institution .spread { font-weight: 600; }
        .account-line { display: flex; justify-content: space-between; padding: 6px 0 6px 10px; text-decoration: none; color: inherit;
          border-bottom: 1px solid var(--line); }
        .home-bar { position: fixed; left: 0; right: 0; bottom: 0; z-index: 20; display: flex; justify-content: center;
          align-items: center; gap: 44px; padding: 8px 0 calc(8px + env(safe-area-inset-bottom));
          background: var(--card); border-top: 1px solid var(--line); }
        .home-bar a { color: var(--text); text-decoration: none; display: flex; flex-direction: column; align-items: center;
          font-size: .7rem; }
        .home-bar a.bar-side { min-width: 56px; min-height: 48px; justify-content: center; }
        a.row-link { color: inherit; text-decoration: none; display: inline-block; min-height: 32px; }
        .bar-side svg { width: 24px; height: 24px; }
        .bar-side.current { color: var(--brand-strong); }
        .bar-menu { width: 58px; height: 58px; border-radius: 50%; background: var(--brand); color: var(--on-brand) !important;
          display: flex !important; align-items: center; justify-content: center; margin-top: -22px;
          box-shadow: 0 4px 14px rgba(0, 0, 0, .25); }
        .bar-menu svg { width: 30px; height: 30px; transition: transform .3s ease; }
        .bar-menu[aria-expanded="true"] svg { transform: rotate(180deg); }
        .app-menu { position: fixed; inset: 0; z-index: 15; background: var(--bg); padding: 40px 24px 120px;
          clip-path: circle(0 at 50% calc(100% - 40px)); transition: clip-path .35s ease; overflow-y: auto; }
        .app-menu.open { clip-path: circle(150% at 50% calc(100% - 40px)); }
        .menu-list { list-style: none; padding: 0; margin: 0 auto; max-width: 480px; }
        .menu-list a { display: block; padding: 16px 8px; font-size: 1.3rem; font-weight: 600; color: var(--text);
          text-decoration: none; border-bottom: 1px solid var(--line); }
        .menu-list a[aria-current="page"] { color: var(--brand-strong); }
        .steps { display: flex; gap: 6px; margin: 0 0 16px; }
        .steps span { flex: 1; height: 5px; border-radius: 3px; background: var(--line); }
        .steps span.done { background: var(--brand); }
        .choice { display: block; border: 1px solid var(--line); border-radius: 12px; padding: 12px; margin: 8px 0; }
        .skeleton { color: transparent; background: var(--line); border-radius: 6px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
        .capture { max-width: 560px; }
        .capture-head { display: flex; gap: 10px; align-items: center; }
        .capture-head input[type=date] { flex: 1; min-width: 0; }
        .segmented { display: inline-flex; border: 1px solid var(--line); border-radius: 10px; padding: 3px; margin: 0; gap: 2px; }
        .segmented label, form.stack .segmented label { margin: 0; font-weight: 600; }
        .segmented input, .chip input { position: absolute; opacity: 0; width: 1px; height: 1px; }
        .segmented span { display: block; padding: 8px 14px; border-radius: 8px; cursor: pointer; min-height: 40px; }
        .segmented input:checked + span { background: var(--brand); color: var(--on-brand); }
        .segmented input:focus-visible + span, .chip input:focus-visible + span { outline: 3px solid var(--brand); outline-offset: 1px; }
        #amount { font-size: 1.6rem; font-weight: 700; font-variant-numeric: tabular-nums; }
        .chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0 0; border: 0; padding: 0; }
        .chips legend { font-size: .85rem; color: var(--muted); padding: 0; margin-bottom: 4px; }
        .chip, form.stack .chip { display: inline-block; margin: 0; font-weight: 500; }
        .chip > span { display: inline-block; padding: 6px 12px; border: 1px solid var(--line); border-radius: 999px;
          cursor: pointer; min-height: 36px; line-height: 22px; }
        .chip input:checked + span, .chip input:checked + span .muted { color: var(--on-brand); }
        .chip input:checked + span { background: var(--brand); color: var(--on-brand); border-color: var(--brand); }
        details.flags { border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; margin: 14px 0 0; }
        details.flags summary { display: flex; justify-content: space-between; gap: 12px; cursor: pointer; font-weight: 600; min-height: 28px; }
        details.flags fieldset { margin: 10px 0 0; }
        .field-problem { color: var(--expense); font-size: .9rem; margin: 4px 0 0; }
        td.notes { white-space: pre-wrap; }
        .save-bar { position: sticky; bottom: 0; z-index: 5; background: var(--bg); padding: 10px 0 calc(10px + env(safe-area-inset-bottom));
          margin-top: 12px; border-top: 1px solid var(--line); }
        .save-bar button { width: 100%; font-size: 1.1rem; }
        .add-button { white-space: nowrap; }
        body.signed-in .save-bar { bottom: calc(74px + env(safe-area-inset-bottom)); padding-bottom: 10px; }
        .receipts { list-style: none; padding: 0; margin: 0 0 12px; display: grid; gap: 12px;
          grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); }
        .receipts li { display: flex; flex-direction: column; gap: 4px; overflow-wrap: anywhere; }
        .receipt-thumb { display: flex; align-items: center; justify-content: center; aspect-ratio: 1; overflow: hidden;
          border: 1px solid var(--line); border-radius: 10px; background: var(--line); font-weight: 700;
          text-decoration: none; color: var(--text); }
        .receipt-thumb img { width: 100%; height: 100%; object-fit: cover; }
        dialog.receipt-editor, dialog.receipt-viewer { max-width: min(96vw, 960px); max-height: 96vh; border: 0;
          border-radius: var(--radius); background: var(--card); color: var(--text); padding: 12px; }
        dialog::backdrop { background: rgba(0, 0, 0, .7); }
        dialog.receipt-editor canvas { display: block; max-width: 100%; max-height: 70vh; touch-action: none; margin: 0 auto; }
        dialog.receipt-viewer img { display: block; max-width: 100%; max-height: 80vh; margin: 0 auto 10px; }
        :root { --orange: #c2410c; --green: var(--income); --blue: #2563eb; --red: var(--expense); }
        html[data-theme="dark"] { --orange: #fb923c; --blue: #60a5fa; }
        @media (prefers-color-scheme: dark) { html[data-theme="system"] { --orange: #fb923c; --blue: #60a5fa; } }
        .orange { --bar: var(--orange); } .green { --bar: var(--green); } .blue { --bar: var(--blue); } .red { --bar: var(--red); } .teal { --bar: var(--brand); }
        .miles-progress { margin: 8px 0; }
        .miles-progress .spread { margin-bottom: 3px; }
        .miles-bar { display: block; width: 100%; height: 10px; -webkit-appearance: none; appearance: none; border: 0;
          border-radius: 999px; background: var(--line); overflow: hidden; color: var(--bar); }
        .miles-bar::-webkit-progress-bar { background: var(--line); border-radius: 999px; }
        .miles-bar::-webkit-progress-value { background: var(--bar); border-radius: 999px; }
        .miles-bar::-moz-progress-bar { background: var(--bar); border-radius: 999px; }
        .badge.status { font-weight: 600; font-size: .8rem; color: var(--bar); border-color: var(--bar); }
        .badge.warn { color: var(--warn); border-color: var(--warn); }
        .miles-card h2 { margin-bottom: 2px; } .miles-card h2 a { color: inherit; text-decoration: none; }
        .miles-card .rates, .miles-card .notes { margin: 6px 0; }
        .card-actions { margin-top: 10px; } .card-actions form { margin: 0; }
        .card-actions button, .card-actions .button { min-width: 44px; padding: 8px 12px; }
        a.button.danger, #confirm-delete button.danger { background: var(--expense); color: var(--on-brand); }
        .field-pair { display: grid; grid-template-columns: 1fr 1fr; gap: 0 10px; }
        .field-trio { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 0 8px; align-items: end; }
        .field-pair > div, .field-trio > div { min-width: 0; }
        form.stack label.inline, label.inline { display: inline-flex; gap: 6px; align-items: center; font-weight: 500;
          margin: 6px 14px 6px 0; }
        .hint { margin: 0 0 4px; }
        fieldset legend { font-weight: 600; padding: 0 4px; }
        .cap-row { border-top: 1px solid var(--line); padding-top: 8px; margin-top: 10px; }
        .cap-row.invalid { border-top-color: var(--expense); }
        .cap-title { font-weight: 600; margin: 0 0 6px; }
        .cap-row .chip > span { padding: 3px 10px; min-height: 30px; line-height: 22px; font-size: .85rem; }
        .miles-summary, .cycle-list, .which-answer { list-style: none; padding: 0; margin: 0; }
        .cycle-list li, .which-answer li { border-bottom: 1px solid var(--line); padding: 10px 0; }
        .which-answer p { margin: 2px 0 0; }
        .bonus-form { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center; margin-top: 6px; }
        .bonus-form select { width: auto; flex: 1 1 150px; padding: 8px 10px; }
        .bonus-form button { min-height: 36px; padding: 6px 14px; }
        .library-card h3 { margin: 0; font-size: 1.05rem; }
        .library-card p, .library-card ul { margin: 6px 0; }
        details.add-card { margin-top: 8px; }
        details.add-card summary { cursor: pointer; color: var(--brand-strong); font-weight: 600; min-height: 32px; }
        @media (min-width: 760px) {
          .miles-cards, .library-bank { display: grid; grid-template-columns: 1fr 1fr; gap: 0 14px; align-items: start; }
          .library-bank h2 { grid-column: 1 / -1; }
          .card-form { max-width: 640px; }
        }
        /* Recurring: series grouped under NEEDS, WANTS and SAVINGS, each with its bucket choice and a menu. */
        .group-head { font-size: .95rem; letter-spacing: .05em; margin-bottom: 4px; }
        .group-head .subtotal { letter-spacing: 0; }
        .recurring-list { list-style: none; margin: 0; padding: 0; }
        .recurring-item { position: relative; padding: 10px 0; border-bottom: 1px solid var(--line); }
        .recurring-item:last-child { border-bottom: 0; }
        .recurring-item .meta { margin: 2px 0 6px; }
        .recurring-item .item-actions { flex-wrap: nowrap; }
        .recurring-item .item-actions > details:only-child { margin-left: auto; }
        .recurring-item .menu-panel form { margin: 6px 0; }
        .bucket-choice button { min-height: 36px; padding: 6px 12px; font-size: .85rem; background: transparent;
          color: var(--text); border: 0; border-radius: 8px; }
        .bucket-choice button[aria-pressed="true"] { background: var(--brand); color: var(--on-brand); }
        .notice-box { border: 1px solid var(--brand); border-radius: 12px; padding: 12px; margin: 10px 0; }
        .notice-box input { font-family: ui-monospace, monospace; font-size: .85rem; }
        .yellow { --bar: var(--warn); }
        .lens-bar { display: block; width: 100%; height: 28px; border-radius: 8px; overflow: hidden; margin: 8px 0 4px; }
        .lens-seg { fill: var(--bar); stroke: var(--card); stroke-width: 2; } .lens-empty { fill: var(--line); }
        .lens-arc { stroke: var(--bar); } .donut-hole { stroke: var(--line); }
        .chart svg.donut, svg.donut { display: block; width: 100%; max-width: 220px; height: auto; margin: 8px auto; }
        svg.donut circle { vector-effect: none; }
        svg.donut text.donut-total { fill: var(--text); font-size: 3.2px; font-weight: 700; }
        svg.donut text.donut-label { fill: var(--card); font-size: 2.4px; font-weight: 700; pointer-events: none; }
        .chart svg.swatch, svg.swatch { display: inline-block; width: 10px; height: 10px; vertical-align: middle; }
        .lens-link:focus-visible rect, .donut-link:focus-visible circle { stroke: var(--text); }
        .donut-arc { stroke: var(--bar); } .cat-0 { --bar: var(--brand); } .cat-1 { --bar: var(--blue); }
        .cat-2 { --bar: var(--orange); } .cat-3 { --bar: var(--expense); } .cat-4 { --bar: var(--warn); } .cat-5 { --bar: var(--muted); }
        .lens-status { color: var(--bar); font-weight: 600; } .lens-row.current td { font-weight: 600; }
        .lens-messages { margin: 8px 0; padding-left: 18px; }
        details.lens-always summary { cursor: pointer; color: var(--brand-strong); font-size: .85rem; min-height: 32px; padding: 6px 0; }
        details.lens-always form { gap: 6px; }
        .lens-list { list-style: none; padding: 0; margin: 0; }
        .lens-item { border-bottom: 1px solid var(--line); padding: 10px 0; } .lens-item p { margin: 2px 0; }
        .lens-choice { gap: 6px; margin: 6px 0 2px; } .lens-choice button, details.lens-always button { min-height: 36px; padding: 6px 12px; }
        .category-list a.row-link { display: flex; justify-content: space-between; gap: 8px; text-decoration: none; color: var(--text); }
        .category-list li { border-bottom: 1px solid var(--line); padding: 8px 0; } .category-list .num { text-align: right; }
        @media (prefers-reduced-motion: reduce) { .app-menu, .bar-menu svg { transition: none; } }
        @media print { .home-bar, .app-menu, .sync-bar, .card-tools { display: none; } }
        """
}
