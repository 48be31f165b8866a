//! Number formatting shared by the tables and the chart.

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A value to three significant digits: `330`, `1.80k`, `63.7k`, `42.6M`, `1.20B`, `12.3B`.
pub fn short(n: u64) -> String {
    if n < 1000 {
        return n.to_string();
    }
    let digits = |x: u128| x.ilog10() + 1;
    let n = u128::from(n);
    let p = 10u128.pow(digits(n) - 3);
    let r = (n + p / 2) / p * p; // round half up to three significant digits
    let (unit, suffix) = match r {
        0..=999_999 => (1_000u128, "k"),
        1_000_000..=999_999_999 => (1_000_000, "M"),
        _ => (1_000_000_000, "B"),
    };
    let whole = r / unit;
    let decimals = 3u32.saturating_sub(digits(whole));
    if decimals == 0 {
        return format!("{whole}{suffix}");
    }
    let frac = r % unit / (unit / 10u128.pow(decimals));
    format!("{whole}.{frac:0width$}{suffix}", width = decimals as usize)
}

/// `instructions` as a percentage of `limit` (an instruction limit, such as `QUERY_LIMIT`), to
/// `precision` decimals: `0.687%`.
pub fn share_of(instructions: u64, limit: u64, precision: usize) -> String {
    format!("{:.*}%", precision, instructions as f64 * 100.0 / limit as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(129_300_000), "129,300,000");
    }

    #[test]
    fn short_values() {
        assert_eq!(short(0), "0");
        assert_eq!(short(330), "330");
        assert_eq!(short(999), "999");
        assert_eq!(short(1_795), "1.80k");
        assert_eq!(short(63_745), "63.7k");
        assert_eq!(short(999_999), "1.00M");
        assert_eq!(short(42_636_366), "42.6M");
        assert_eq!(short(1_200_000_000), "1.20B");
        assert_eq!(short(12_345_678_901), "12.3B");
        assert_eq!(short(u64::MAX), "18400000000B");
    }
    #[test]
    fn shares() {
        assert_eq!(share_of(34_363_000, 5_000_000_000, 3), "0.687%");
        assert_eq!(share_of(34_363_000, 5_000_000_000, 4), "0.6873%");
        assert_eq!(share_of(34_363_000, 40_000_000_000, 4), "0.0859%");
    }
}
