//! Reading files a user names (scenarios, saves, scripts, images): only regular files, never
//! more than a limit, and text with the place where it stops being UTF-8. A FIFO, a device or
//! `/dev/zero` is refused at once instead of blocking or reading until memory runs out (their
//! size reads as 0, so a size check alone lets them through). Messages quote user text only as
//! a short prefix.

use std::io::Read;
use std::path::Path;

/// The longest piece of user text an error message quotes.
pub const QUOTE_CHARS: usize = 60;

/// At most [`QUOTE_CHARS`] characters of `text`, with the length of the rest if it is cut, and
/// control characters escaped (a terminal never receives escape sequences from a file).
#[must_use]
pub fn quote(text: &str) -> String {
    let mut out: String = text.chars().take(QUOTE_CHARS).map(escape_control).collect::<Vec<_>>().concat();
    let n = text.chars().count();
    if n > QUOTE_CHARS {
        out.push_str(&format!("... ({n} characters)"));
    }
    out
}

/// A control character as its escape (`\u{1b}`), anything else as itself.
fn escape_control(c: char) -> String {
    if c.is_control() && c != '\t' { c.escape_debug().collect() } else { c.to_string() }
}

/// A message with every long run of non-blank characters (a pasted id, a name from a file)
/// cut to a short prefix by [`quote`], and control characters escaped.
#[must_use]
pub fn shorten(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.chars().count() > QUOTE_CHARS + 20 { out.push_str(&quote(word)) } else { out.extend(word.chars().map(escape_control)) }
        word.clear();
    };
    for ch in message.chars() {
        if ch == ' ' || ch == '\n' {
            flush(&mut word, &mut out);
            out.push(ch);
        } else {
            word.push(ch);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Why `path` may not be read as a file: missing, or not a regular file.
fn not_regular(path: &Path) -> Option<String> {
    match std::fs::metadata(path) {
        Err(e) => Some(format!("cannot read: {e}")),
        Ok(m) if m.is_dir() => Some("is a folder, not a file".into()),
        Ok(m) if !m.is_file() => Some("is not a regular file (a pipe, socket or device is never read)".into()),
        Ok(_) => None,
    }
}

/// Reads at most `limit` bytes of a regular file; a longer file is an error. The limit is
/// enforced on the bytes read, not on the size the file system reports. Messages do not name
/// the file: callers put its name (and a line and column where there is one) in front.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    check_regular(path)?;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    // The path may have been swapped for something else between the check and the open.
    if file.metadata().is_ok_and(|m| !m.is_file()) {
        return Err("is not a regular file".into());
    }
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!("the file is larger than the limit of {limit} bytes"));
    }
    Ok(bytes)
}

/// As [`read_limited`], as UTF-8 text; bytes that are not UTF-8 are reported with their line,
/// column and byte offset.
pub fn read_text(path: &Path, limit: u64) -> Result<String, String> {
    let bytes = read_limited(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let good = &e.as_bytes()[..at];
        let line = good.iter().filter(|b| **b == b'\n').count() + 1;
        let start = good.iter().rposition(|b| *b == b'\n').map_or(0, |p| p + 1);
        let col = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        format!("not UTF-8 text at line {line}, column {col} (byte {at} of the file)")
    })
}

/// Whether `path` is a regular file that may be opened (for readers that open files
/// themselves, such as image decoders).
pub fn check_regular(path: &Path) -> Result<(), String> {
    not_regular(path).map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_cuts_long_text_and_escapes_control_characters() {
        assert_eq!(quote("abc"), "abc");
        let long = "x".repeat(1000);
        assert_eq!(quote(&long), format!("{}... (1000 characters)", "x".repeat(QUOTE_CHARS)));
        assert_eq!(quote("a\u{1b}[31m"), "a\\u{1b}[31m");
    }

    #[test]
    fn shorten_cuts_only_long_words() {
        let long = format!("unknown unit `{}` in setup", "y".repeat(5000));
        let s = shorten(&long);
        assert!(s.len() < 200, "{s}");
        assert!(s.starts_with("unknown unit `yyy") && s.ends_with("(5002 characters) in setup"), "{s}");
        assert_eq!(shorten("a `short` id"), "a `short` id");
    }
}
