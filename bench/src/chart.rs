//! An SVG bar chart of the benchmark results: IC instructions per operation, icbls against the
//! baseline, on a log-scale x axis. Each bar is labelled with its value, and each icbls bar
//! also with the ratio baseline / icbls (how many times fewer instructions icbls takes).
//!
//! `cargo run --release -p icbls-bench` writes it to `bench/chart.svg`. It is pure Rust with
//! no dependencies, and the output is deterministic, so the file diffs cleanly between runs.

use crate::format::short;

/// One bar group: an operation measured on icbls and (optionally) on the baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bar<'a> {
    /// The operation's name, shown at the left of its bars.
    pub operation: &'a str,
    /// IC instructions the operation takes on icbls.
    pub icbls: u64,
    /// IC instructions the operation takes on the baseline, where it was measured.
    pub baseline: Option<u64>,
}

const WIDTH: f64 = 900.0;
const TOP: f64 = 60.0; // title and legend, above the bars
const GROUP: f64 = 40.0; // one operation's pair of bars
const BAR: f64 = 14.0;
const RIGHT: f64 = 120.0; // room for the longest bar's label
const AXIS: f64 = 30.0; // tick labels, below the bars
const ICBLS: &str = "#2a6fdb";
const BASELINE: &str = "#b0b0b0";
const FONT: &str = r##"font-family="monospace" font-size="12""##;
const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" version="1.1""##;

/// The label of the tick at 10^e: `1`, `100`, `1k`, `10k`, `1M`, `100M`, `1B`, `10B`.
fn tick(e: u32) -> String {
    let (scale, suffix) = match e {
        0..=2 => (0, ""),
        3..=5 => (3, "k"),
        6..=8 => (6, "M"),
        _ => (9, "B"),
    };
    format!("{}{suffix}", 10u128.pow(e - scale))
}

/// The smallest e with 10^e >= v.
fn ceil_exp(v: u64) -> u32 {
    let mut e = 0;
    while 10u128.pow(e) < u128::from(v) {
        e += 1;
    }
    e
}

/// `s` with the XML special characters escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// A horizontal bar chart (SVG 1.1 text) of IC instructions per operation, log-scale x axis,
/// two bars per operation (icbls and baseline), each labelled with its value (e.g. "42.6M",
/// "1.20B", "330", "63.7k") and, where the baseline exists, the ratio "5.3x" at the end of the
/// icbls bar's label. A value of 0 is drawn as 1; no bars give a small SVG saying "no data".
pub fn bar_chart(title: &str, bars: &[Bar<'_>]) -> String {
    let title = escape(title);
    if bars.is_empty() {
        return format!(
            "{SVG} width=\"300\" height=\"60\" viewBox=\"0 0 300 60\">\n\
             <rect width=\"300\" height=\"60\" fill=\"white\"/>\n\
             <text x=\"10\" y=\"24\" {FONT} font-weight=\"bold\">{title}</text>\n\
             <text x=\"10\" y=\"46\" {FONT}>no data</text>\n</svg>\n"
        );
    }

    // The scale: whole powers of ten around every value.
    let (mut min, mut max) = (u64::MAX, 1u64);
    for b in bars {
        for v in std::iter::once(b.icbls).chain(b.baseline) {
            min = min.min(v.max(1));
            max = max.max(v.max(1));
        }
    }
    let lo = min.ilog10();
    let hi = ceil_exp(max).max(lo + 1);

    let name_chars = bars.iter().map(|b| b.operation.chars().count()).max().unwrap_or(0);
    let left = (name_chars as f64 * 7.0 + 20.0).max(80.0);
    let width = WIDTH.max(left + RIGHT + 300.0);
    let plot = width - left - RIGHT;
    let height = TOP + bars.len() as f64 * GROUP + AXIS;
    let at = |log: f64| left + (log - f64::from(lo)) / f64::from(hi - lo) * plot;
    let x = |v: u64| at((v.max(1) as f64).log10());

    let mut out =
        format!("{SVG} width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\">\n");
    out.push_str(&format!("<rect width=\"{width:.0}\" height=\"{height:.0}\" fill=\"white\"/>\n"));
    out.push_str(&format!(
        "<text x=\"{left:.1}\" y=\"24\" font-family=\"monospace\" font-size=\"14\" font-weight=\"bold\">{title}</text>\n"
    ));
    for (i, (colour, name)) in [(ICBLS, "icbls"), (BASELINE, "baseline")].into_iter().enumerate() {
        let lx = left + i as f64 * 90.0;
        out.push_str(&format!(
            "<rect x=\"{lx:.1}\" y=\"36\" width=\"12\" height=\"12\" fill=\"{colour}\"/>\n\
             <text x=\"{:.1}\" y=\"46\" {FONT}>{name}</text>\n",
            lx + 16.0
        ));
    }
    let (grid_top, grid_bottom) = (TOP - 4.0, height - AXIS + 4.0);
    for e in lo..=hi {
        let gx = at(f64::from(e));
        out.push_str(&format!(
            "<line x1=\"{gx:.1}\" y1=\"{grid_top:.1}\" x2=\"{gx:.1}\" y2=\"{grid_bottom:.1}\" stroke=\"#dddddd\"/>\n\
             <text x=\"{gx:.1}\" y=\"{:.1}\" {FONT} text-anchor=\"middle\">{}</text>\n",
            grid_bottom + 14.0,
            tick(e)
        ));
    }
    for (i, b) in bars.iter().enumerate() {
        let y = TOP + i as f64 * GROUP + 4.0;
        out.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" {FONT} text-anchor=\"end\">{}</text>\n",
            left - 8.0,
            y + BAR + 5.0,
            escape(b.operation)
        ));
        let icbls_label = match b.baseline {
            Some(base) => {
                let ratio = base.max(1) as f64 / b.icbls.max(1) as f64;
                format!("{} ({ratio:.1}x)", short(b.icbls))
            }
            None => short(b.icbls),
        };
        let rows = std::iter::once((b.icbls, ICBLS, icbls_label)).chain(b.baseline.map(|v| (v, BASELINE, short(v))));
        for (row, (value, colour, label)) in rows.enumerate() {
            let by = y + row as f64 * (BAR + 2.0);
            let end = x(value).max(left + 1.0);
            out.push_str(&format!(
                "<rect x=\"{left:.1}\" y=\"{by:.1}\" width=\"{:.1}\" height=\"{BAR:.1}\" fill=\"{colour}\"/>\n\
                 <text x=\"{:.1}\" y=\"{:.1}\" {FONT}>{label}</text>\n",
                end - left,
                end + 4.0,
                by + 11.0
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks() {
        let labels: Vec<String> = (0..=10).map(tick).collect();
        assert_eq!(labels, ["1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M", "1B", "10B"]);
    }

    fn well_formed(svg: &str) {
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<svg").count(), 1);
        assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
        // No element repeats an attribute (which would make the XML malformed).
        for tag in svg.split('<').skip(1) {
            let tag = tag.split('>').next().unwrap_or("");
            let mut names: Vec<&str> =
                tag.split_whitespace().filter_map(|t| t.split_once('=').map(|(name, _)| name)).collect();
            let count = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), count, "repeated attribute in <{tag}>");
        }
    }

    #[test]
    fn chart() {
        let bars = [
            Bar { operation: "sign", icbls: 8_000_000, baseline: Some(42_400_000) },
            Bar { operation: "odd <&> \"name\"", icbls: 1_795, baseline: None },
            Bar { operation: "hash_to_g2", icbls: 330, baseline: Some(63_745) },
        ];
        let svg = bar_chart("Instructions & such", &bars);
        well_formed(&svg);
        assert!(svg.contains("Instructions &amp; such"));
        assert!(svg.contains(">sign<") && svg.contains(">hash_to_g2<"));
        assert!(svg.contains("odd &lt;&amp;&gt; &quot;name&quot;"));
        assert!(!svg.contains("<&>"));
        assert!(svg.contains("8.00M (5.3x)") && svg.contains(">42.4M<"));
        assert!(svg.contains(">1.80k<") && svg.contains("330 (193.2x)"));
        // Background + two legend swatches, then 2 bars with a baseline and 1 without.
        assert_eq!(svg.matches("<rect").count(), 3 + 2 + 1 + 2);
        // 330 .. 42.4M spans 100 .. 100M.
        assert!(svg.contains(">100<") && svg.contains(">1k<") && svg.contains(">100M<"));
        assert!(!svg.contains(">10<") && !svg.contains(">1B<"));
        assert_eq!(svg, bar_chart("Instructions & such", &bars));
    }

    #[test]
    fn edge_cases() {
        let svg = bar_chart("<empty>", &[]);
        well_formed(&svg);
        assert!(svg.contains("no data") && svg.contains("&lt;empty&gt;"));

        let svg = bar_chart("zeros", &[Bar { operation: "nop", icbls: 0, baseline: Some(0) }]);
        well_formed(&svg);
        assert!(svg.contains("0 (1.0x)") && svg.contains(">1<") && svg.contains(">10<"));
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
        assert_eq!(svg.matches("<rect").count(), 3 + 2);

        let svg = bar_chart("huge", &[Bar { operation: "max", icbls: u64::MAX, baseline: None }]);
        well_formed(&svg);
        assert_eq!(svg.matches("<rect").count(), 3 + 1);
    }
}
