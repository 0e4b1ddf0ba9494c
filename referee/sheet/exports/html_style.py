"""The score sheet page's stylesheet: an A4 sheet on screen, exactly one A4 page in print."""

# Inline only: the page must open offline and name no URL, so no web fonts and no url(...).
CSS = """
@page { size: A4 portrait; margin: 11mm; }
* { box-sizing: border-box; }
html { background: #e8e8e8; }
body { margin: 0; color: #111; font: 10pt/1.35 system-ui, "Segoe UI", "Helvetica Neue", Arial,
       "Hiragino Sans", "Noto Sans CJK JP", "Yu Gothic", sans-serif;
       -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { width: 210mm; min-height: 297mm; margin: 8mm auto; padding: 11mm; background: #fff;
        box-shadow: 0 1px 6px rgba(0, 0, 0, .25); }
header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: flex-end;
         gap: 1mm 6mm; border-bottom: 2px solid #111; padding-bottom: 2mm; margin-bottom: 4mm; }
header > div { flex: 1 1 60%; }
h1 { font-size: 17pt; margin: 0 0 1mm; }
.details { margin: 0; color: #444; font-size: 9pt; }
.status { margin: 0; font-size: 12pt; font-weight: 700; text-align: right; }
.system { margin: 0 0 3mm; font-size: 8.5pt; color: #444; }
table { width: 100%; border-collapse: collapse; break-inside: avoid; font-variant-numeric:
        tabular-nums; }
th, td { border: 1px solid #888; padding: 1.2mm 1.6mm; }
thead th { background: #f0f0f0; font-size: 9pt; }
tbody th { text-align: left; font-size: 10.5pt; }
td { text-align: right; white-space: nowrap; }
td .pts { font-size: 11pt; }
td .run { display: inline-block; min-width: 3.2em; margin-left: 1.5mm; font-size: 8.5pt;
          color: #555; }
td.out { background: #fff3c4; font-weight: 700; }
td.total { font-size: 12pt; font-weight: 700; background: #f7f7f7; }
td.rank { text-align: center; font-weight: 700; }
tr.first th, tr.first td.rank { color: #8a5a00; }
tfoot th, tfoot td { font-size: 8.5pt; color: #444; text-align: center; background: #fafafa; }
tfoot th { text-align: left; }
.provisional .pts::after { content: "*"; }
.note { font-size: 8.5pt; color: #444; margin: 1mm 0 0; }
.figures { display: flex; gap: 6mm; align-items: flex-start; margin: 5mm 0 3mm;
           break-inside: avoid; }
.chart-box { flex: 1 1 auto; }
.chart-box h2, .qr-box h2, .rulings h2 { font-size: 10.5pt; margin: 0 0 1.5mm; }
svg.chart { width: 100%; height: auto; display: block; }
svg.chart text { font-size: 9px; fill: #444; }
.legend { list-style: none; margin: 1mm 0 0; padding: 0; display: flex; flex-wrap: wrap;
          gap: 1mm 4mm; font-size: 8.5pt; }
.legend svg { vertical-align: middle; margin-right: 1mm; }
.qr-box { flex: 0 0 40mm; text-align: center; }
.qr-box svg { display: block; width: 36mm; height: 36mm; margin: 0 auto; }
.qr-box p { font: 6.5pt/1.25 ui-monospace, Menlo, Consolas, monospace; word-break: break-all;
            margin: 1mm 0 0; color: #444; }
.rulings { columns: 2; column-gap: 6mm; font-size: 8.5pt; }
.rulings h2 { column-span: all; }
.rulings.dense { columns: 3; column-gap: 4mm; font-size: 7.4pt; }
.rulings.denser { columns: 3; column-gap: 4mm; font-size: 6.6pt; line-height: 1.25; }
.dense .rule, .denser .rule { font-size: 6.4pt; }
.dense .round h3, .denser .round h3 { font-size: 7.8pt; }
.round { margin-bottom: 2mm; }
.round h3 { font-size: 9pt; margin: 0 0 .5mm; break-after: avoid; }
.round ol { list-style: none; margin: 0; padding: 0; }
.round li { margin: 0 0 .4mm; padding-left: 7mm; text-indent: -7mm; break-inside: avoid; }
.line { display: inline-block; width: 7mm; text-indent: 0; color: #666; }
.rule { color: #666; font-size: 7.5pt; }
footer { margin-top: 3mm; border-top: 1px solid #bbb; padding-top: 1mm; font-size: 7.5pt;
         color: #666; }
@media print {
  html { background: #fff; }
  .page { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; }
  th, td { padding: .8mm 1.4mm; }
}
"""
