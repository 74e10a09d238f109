//! Every word a user reads comes from the language tables (issue 20, "one way to fail"): this
//! test scans the program's sources (`src/**/*.rs`, without `#[cfg(test)]` modules, comments
//! and attributes) for string literals that are messages, and fails on each one that is not
//! on the short, reasoned [`ALLOWED`] list.
//!
//! A literal is a message when it reaches an output: it is an argument (directly, or through
//! `format!`, `Some`, `Ok`, `Err`, `String::from`, `vec!`, a tuple, …) of `println!`/`print!`/
//! `eprintln!`/`eprint!`/`writeln!`/`write!`/`out!` (to standard output or error), of
//! `say`/`show`/`shown`/`notice`/`notice_with`/`out_line`/`print_line`/`message`/
//! `word_message`, or of an `Error::…` or `Effect::…` constructor, and
//! it holds letters besides its `{placeholders}`. (A literal first bound to a variable and
//! printed later is not followed: keep messages where they are said.)
//!
//! Not messages: log lines (`tracing::…!`), attributes (`#[arg(help = …)]`, `#[error(…)]`
//! for the log's text), `expect`/`panic!`/`assert!` texts (a bug, not a user's mistake), and
//! JSON keys and values without spaces in `json!` (the machine-readable output of
//! `board-watch` and `recognize --json`).
//!
//! `src/app/` and `src/clock/cli.rs` were rewritten by the lead while this test was written
//! (issue 20): what was found there went into [`PENDING`], which may only shrink (a new
//! message there fails, and so does an entry that is no longer found). It is empty now.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Literals that look like messages but are not, each with the reason: (file, literal).
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "src/speech/cli.rs",
        "--backend clips",
        "an option as typed on the command line (data), after the words saying what to use",
    ),
    (
        "src/speech/record.rs",
        "annexd voices keys --lang {lang}",
        "a command as typed (data) that lists the clip keys",
    ),
];

/// Messages in files the lead was rewriting: (file, literal). Shrinks only; empty since the
/// rewrite.
const PENDING: &[(&str, &str)] = &[];

/// Files whose messages are the lead's to move into the tables (see [`PENDING`]).
fn is_pending(file: &str) -> bool {
    file.starts_with("src/app/") || file == "src/clock/cli.rs"
}

#[test]
fn no_message_outside_the_language_tables() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect_rs(&root.join("src"), &mut files);
    files.sort();
    let mut found = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        for hit in scan(&text) {
            found.push((rel.clone(), hit));
        }
    }
    let allowed: BTreeSet<(&str, &str)> = ALLOWED.iter().map(|(f, l, _)| (*f, *l)).collect();
    let pending: BTreeSet<(&str, &str)> = PENDING.iter().copied().collect();
    let mut unexpected = Vec::new();
    let mut pending_found = BTreeSet::new();
    let mut allowed_found = BTreeSet::new();
    for (file, hit) in &found {
        let key = (file.as_str(), hit.literal.as_str());
        if allowed.contains(&key) {
            allowed_found.insert(key);
        } else if is_pending(file) && pending.contains(&key) {
            pending_found.insert(key);
        } else {
            unexpected.push(format!(
                "{file}:{}: {:?} ({})",
                hit.line, hit.literal, hit.why
            ));
        }
    }
    let stale: Vec<String> = pending
        .difference(&pending_found)
        .chain(allowed.difference(&allowed_found))
        .map(|(file, literal)| format!("{file}: {literal:?}"))
        .collect();
    assert!(
        unexpected.is_empty(),
        "{} message(s) outside the language tables (put the words into core/src/lang and \
         show only data verbatim; a file of the lead's work goes into PENDING only by the \
         lead):\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    assert!(
        stale.is_empty(),
        "entries of ALLOWED or PENDING no longer found (take them off the list):\n{}",
        stale.join("\n")
    );
}

/// The scanner finds what it is meant to find (and only that): a test of the test.
#[test]
fn the_scanner_finds_messages_and_leaves_the_rest() {
    let source = r##"
//! A doc comment "with quotes in it" is not a message.
fn f(x: &str) {
    eprintln!("cannot open {x}");                  // 1: reaches standard error
    let s = format!("{x}: {}", x);                  // punctuation and placeholders only
    print!("{x}\r\n\x07\u{a0}");                     // escapes are no letters
    tracing::warn!("the port is gone: {x}");        // a log line
    let e = Error::new(lang, Word::Error).shown(format!("bad value {x}")); // 2
    let p = "a sentence kept for the log";          // not said
    let k = "voice.toml";                           // a file name
    let c = '"';                                    // a char, not a string
    print!(r#"raw "quoted" text"#);                 // 3: a raw string
    let j = json!({"event": "touch", "say": text}); // JSON keys and values
    x.expect("the table has every word");           // a bug's text
    say(&format!("{}", Some("hallo")));             // 5: through format! and Some
}
#[arg(long, help = "the help of an option")]
struct A;
#[cfg(test)]
mod tests {
    fn g() { println!("a test may print what it likes"); }
}
"##;
    let hits: Vec<(usize, String)> = scan(source)
        .into_iter()
        .map(|h| (h.line, h.literal))
        .collect();
    assert_eq!(
        hits,
        vec![
            (4, "cannot open {x}".to_string()),
            (8, "bad value {x}".to_string()),
            (12, "raw \"quoted\" text".to_string()),
            (15, "hallo".to_string()),
        ]
    );
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A literal found to be a message.
#[derive(Debug)]
struct Hit {
    line: usize,
    literal: String,
    why: String,
}

/// A string literal of the source: where it starts and ends (bytes) and its text.
struct Literal {
    start: usize,
    text: String,
}

/// The source with comments and the insides of literals blanked out (so brackets and names
/// can be read), and the literals.
fn lex(source: &str) -> (Vec<u8>, Vec<Literal>) {
    let bytes = source.as_bytes();
    let mut code = bytes.to_vec();
    let mut literals = Vec::new();
    let mut i = 0;
    let blank = |code: &mut Vec<u8>, from: usize, to: usize| {
        for b in &mut code[from..to] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"//") {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |p| i + p);
            blank(&mut code, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            let mut depth = 0;
            let mut j = i;
            while j < bytes.len() {
                if bytes[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if bytes[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut code, i, j);
            i = j;
        } else if let Some((open, hashes)) = raw_string_start(rest, i, bytes) {
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let body = i + open;
            let end = bytes[body..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(bytes.len(), |p| body + p);
            literals.push(Literal {
                start: i,
                text: source[body..end].to_string(),
            });
            blank(&mut code, body, end);
            i = (end + close.len()).min(bytes.len());
        } else if bytes[i] == b'"' && !is_ident_byte(bytes, i.wrapping_sub(1)) || {
            // b"…" and c"…"
            (bytes[i] == b'b' || bytes[i] == b'c')
                && rest.get(1) == Some(&b'"')
                && !is_ident_byte(bytes, i.wrapping_sub(1))
        } {
            let body = if bytes[i] == b'"' { i + 1 } else { i + 2 };
            let mut j = body;
            let mut text = String::new();
            while j < bytes.len() && bytes[j] != b'"' {
                if bytes[j] == b'\\' {
                    let esc = bytes.get(j + 1).copied().unwrap_or(b' ');
                    match esc {
                        b'n' => text.push('\n'),
                        b'r' => text.push('\r'),
                        b't' => text.push('\t'),
                        b'0' => text.push('\0'),
                        b'x' => {
                            // Two hex digits: a control character (an escape sequence's start).
                            let hex = source.get(j + 2..j + 4).unwrap_or("");
                            text.push(u8::from_str_radix(hex, 16).map_or(' ', char::from));
                            j += 4;
                            continue;
                        }
                        b'u' => {
                            // \u{…}: the character named.
                            let end = source[j..].find('}').map_or(bytes.len(), |k| j + k);
                            let hex = source.get(j + 3..end).unwrap_or("");
                            let ch = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32);
                            text.push(ch.unwrap_or(' '));
                            j = end + 1;
                            continue;
                        }
                        b'"' => text.push('"'),
                        b'\\' => text.push('\\'),
                        b'\n' => {
                            // A line continuation: the next line's leading blanks are dropped.
                            j += 2;
                            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                                j += 1;
                            }
                            continue;
                        }
                        other => text.push(other as char),
                    }
                    j += 2;
                } else {
                    let ch = source[j..].chars().next().unwrap();
                    text.push(ch);
                    j += ch.len_utf8();
                }
            }
            literals.push(Literal { start: i, text });
            blank(&mut code, body, j);
            i = j + 1;
        } else if bytes[i] == b'\'' {
            // A char literal ('x', '\'', '"', 'ä') or a lifetime ('a).
            if rest.get(1) == Some(&b'\\') {
                let end = bytes[i + 2..]
                    .iter()
                    .position(|&b| b == b'\'')
                    .map_or(bytes.len(), |p| i + 3 + p);
                blank(&mut code, i, end);
                i = end;
            } else {
                let ch_len = source[i + 1..].chars().next().map_or(1, char::len_utf8);
                if bytes.get(i + 1 + ch_len) == Some(&b'\'') {
                    blank(&mut code, i, i + 2 + ch_len);
                    i += 2 + ch_len;
                } else {
                    i += 1;
                }
            }
        } else {
            i += 1;
        }
    }
    (code, literals)
}

fn is_ident_byte(bytes: &[u8], at: usize) -> bool {
    bytes
        .get(at)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

/// `r"`, `r#"`, `br#"`, …: the length of the opening and the number of `#`.
fn raw_string_start(rest: &[u8], at: usize, bytes: &[u8]) -> Option<(usize, usize)> {
    if is_ident_byte(bytes, at.wrapping_sub(1)) {
        return None;
    }
    let after_prefix = if rest.starts_with(b"br") || rest.starts_with(b"cr") {
        2
    } else if rest.starts_with(b"r") {
        1
    } else {
        return None;
    };
    let hashes = rest[after_prefix..]
        .iter()
        .take_while(|&&b| b == b'#')
        .count();
    (rest.get(after_prefix + hashes) == Some(&b'"')).then_some((after_prefix + hashes + 1, hashes))
}

/// Byte ranges of the items under `#[cfg(test)]` (blanked code).
fn test_ranges(code: &[u8]) -> Vec<(usize, usize)> {
    let text = String::from_utf8_lossy(code);
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(p) = text[from..].find("#[cfg(test)]") {
        let start = from + p;
        let mut depth = 0i32;
        let mut end = code.len();
        for (j, &b) in code.iter().enumerate().skip(start + "#[cfg(test)]".len()) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = j + 1;
                        break;
                    }
                }
                b';' if depth == 0 => {
                    end = j + 1;
                    break;
                }
                _ => {}
            }
        }
        out.push((start, end));
        from = end.min(code.len());
    }
    out
}

/// Calls through which a literal passes on to the call around them.
const THROUGH: &[&str] = &[
    "format!",
    "format_args!",
    "concat!",
    "vec!",
    "Some",
    "Ok",
    "Err",
    "String::from",
    "from",
    "into",
    "to_string",
    "to_owned",
];

/// Calls that put what they are given before a person.
fn is_output(callee: &str) -> bool {
    let name = callee.rsplit("::").next().unwrap_or(callee);
    matches!(
        name,
        "println!"
            | "print!"
            | "eprintln!"
            | "eprint!"
            | "writeln!"
            | "write!"
            | "out!"
            | "say"
            | "show"
            | "notice"
            | "notice_with"
            | "out_line"
            | "print_line"
            | "message"
            | "word_message"
            | "shown"
    ) || callee.starts_with("Error::")
        || callee.starts_with("Effect::")
        || callee.starts_with("crate::Error::")
        || callee.starts_with("crate::error::Error::")
        || callee.starts_with("annexd_core::Effect::")
}

/// `write!`/`writeln!` write for a person only to standard output or error (not into a
/// formatter, a file or a buffer): the first argument names it.
fn writes_to_terminal(code: &[u8], open: usize) -> bool {
    let first: String = code[open + 1..]
        .iter()
        .take_while(|&&b| b != b',')
        .map(|&b| b as char)
        .collect();
    let first = first.trim();
    first.contains("stdout") || first.contains("stderr") || first == "out" || first == "err"
}

/// Calls whose texts are for the log or for the programmer, never a user's message.
fn is_exempt(callee: &str) -> bool {
    let name = callee.rsplit("::").next().unwrap_or(callee);
    matches!(
        name,
        "trace!"
            | "debug!"
            | "info!"
            | "warn!"
            | "error!"
            | "expect"
            | "expect_err"
            | "panic!"
            | "unreachable!"
            | "todo!"
            | "unimplemented!"
            | "assert!"
            | "assert_eq!"
            | "assert_ne!"
            | "debug_assert!"
            | "debug_assert_eq!"
            | "debug_assert_ne!"
            | "env!"
            | "option_env!"
            | "include_str!"
            | "include_bytes!"
            | "#["
            | "#!["
    )
}

/// The call, macro or attribute whose brackets enclose `at`, and where its opening bracket is:
/// `("format!", 120)`, `("Error::new", 80)`, `("#[", 3)`; `None` at a block or the top.
fn enclosing(code: &[u8], at: usize) -> Option<(String, usize)> {
    let mut depth = 0i32;
    let mut j = at;
    while j > 0 {
        j -= 1;
        match code[j] {
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' if depth > 0 => depth -= 1,
            b'(' | b'[' | b'{' => {
                let open = code[j];
                // The name before the bracket: `path::name!`, `path::name`, `#`, `#!`.
                let mut k = j;
                while k > 0 && code[k - 1] == b' ' {
                    k -= 1;
                }
                if open == b'[' && k > 0 && code[k - 1] == b'#' {
                    return Some(("#[".into(), j));
                }
                if open == b'[' && k > 1 && code[k - 1] == b'!' && code[k - 2] == b'#' {
                    return Some(("#![".into(), j));
                }
                let bang = k > 0 && code[k - 1] == b'!';
                if bang {
                    k -= 1;
                }
                let end = k;
                while k > 0
                    && (code[k - 1].is_ascii_alphanumeric()
                        || code[k - 1] == b'_'
                        || code[k - 1] == b':')
                {
                    k -= 1;
                }
                // Generic turbofish and such are rare in calls with literals; a bare bracket
                // (a tuple, a block, an array) names nothing.
                let name = String::from_utf8_lossy(&code[k..end]).to_string();
                if name.is_empty() {
                    if open == b'{' {
                        return None;
                    }
                    // A tuple or an array passes its literal on.
                    return Some((String::new(), j));
                }
                let name = if bang { format!("{name}!") } else { name };
                if open == b'{' && !bang {
                    // A struct literal or a block after a name (`if x {`, `Foo {`).
                    return Some((format!("{name}{{"), j));
                }
                return Some((name, j));
            }
            _ => {}
        }
    }
    None
}

/// Letters besides `{placeholders}`.
fn has_letters(text: &str) -> bool {
    let mut depth = 0;
    for ch in text.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 && c.is_alphabetic() => return true,
            _ => {}
        }
    }
    false
}

fn scan(source: &str) -> Vec<Hit> {
    let (code, literals) = lex(source);
    let tests = test_ranges(&code);
    let mut hits = Vec::new();
    for literal in literals {
        if tests
            .iter()
            .any(|&(from, to)| (from..to).contains(&literal.start))
        {
            continue;
        }
        if !has_letters(&literal.text) {
            continue;
        }
        // Walk out through the calls around the literal: the first that is not a mere
        // passing on decides whether it reaches an output; any of them may exempt it.
        let mut at = literal.start;
        let mut reaches = None;
        let mut passing_on = true;
        let mut exempt = false;
        let mut in_json = false;
        while let Some((callee, open)) = enclosing(&code, at) {
            exempt |= is_exempt(&callee);
            in_json |= callee == "json!";
            let name = callee.rsplit("::").next().unwrap_or(&callee);
            let to_terminal =
                !matches!(name, "write!" | "writeln!") || writes_to_terminal(&code, open);
            if passing_on && is_output(&callee) && to_terminal {
                reaches = Some(callee.clone());
            }
            passing_on &= reaches.is_none()
                && (callee.is_empty()
                    || THROUGH.contains(&callee.as_str())
                    || THROUGH.contains(&name));
            at = open;
        }
        if exempt {
            continue;
        }
        if in_json && !literal.text.contains(char::is_whitespace) {
            continue;
        }
        let Some(callee) = reaches else { continue };
        let why = format!("reaches {callee}");
        hits.push(Hit {
            line: source[..literal.start].matches('\n').count() + 1,
            literal: literal.text,
            why,
        });
    }
    hits
}
