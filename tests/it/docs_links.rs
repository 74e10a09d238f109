//! Every relative link of the project's Markdown works, as GitHub would follow it: the README,
//! `models/README.md`, `docs/`, `firmware/` and every other Markdown file of the repository
//! (what `.gitignore` leaves out, such as unpacked speech models, is not the repository's).
//!
//! A link or image reference to a path must name a file or folder of the repository (not one
//! outside it, and not one that git ignores); `file.md#anchor` and `#anchor` must name a heading
//! of that file under GitHub's slug rules (lower case, punctuation dropped, spaces to hyphens,
//! `-1`, `-2` for repeated headings) or an HTML `id`/`name`. Links with a scheme (`https:`,
//! `mailto:`) are not followed: no network. The Markdown is parsed with pulldown-cmark, so a
//! link inside a code block or a code span is text, as on GitHub.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Component, Path, PathBuf};

use pulldown_cmark::{BrokenLink, Event, LinkType, Options, Parser, Tag, TagEnd};

/// One link that leads nowhere.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Broken {
    /// The Markdown file, relative to the root.
    file: PathBuf,
    /// Its line (from 1).
    line: usize,
    /// The link as written.
    target: String,
    /// Why it is broken.
    why: String,
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: ({}) {}",
            self.file.display(),
            self.line,
            self.target,
            self.why
        )
    }
}

/// The repository's files as GitHub shows them: everything below `root` that `.gitignore`
/// does not leave out, without git's own folder; relative to `root`.
fn repository_files(root: &Path) -> BTreeSet<PathBuf> {
    ignore::WalkBuilder::new(root)
        // `.ci/run` and `.gitignore` are the repository's too.
        .hidden(false)
        .filter_entry(|entry| entry.file_name() != ".git")
        // The rules hold in a source tree that is not a git checkout, too.
        .require_git(false)
        .build()
        .map(|entry| entry.expect("the source tree can be read"))
        .filter(|entry| entry.file_type().is_some_and(|t| t.is_file()))
        .map(|entry| {
            entry
                .path()
                .strip_prefix(root)
                .expect("the walk stays below its root")
                .to_path_buf()
        })
        .collect()
}

/// The folders that hold the files.
fn folders_of(files: &BTreeSet<PathBuf>) -> BTreeSet<PathBuf> {
    files
        .iter()
        .flat_map(|f| f.ancestors().skip(1).map(Path::to_path_buf))
        .collect()
}

/// GitHub's anchor for a heading's text: lower case, every character that is not a letter,
/// a digit, `-`, `_` or a space dropped, each space a hyphen.
fn slug(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The values of `attribute="…"` (or `'…'`) in a piece of HTML.
fn html_attribute_values<'a>(html: &'a str, attribute: &str) -> Vec<&'a str> {
    let mut values = Vec::new();
    let lower = html.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find(attribute) {
        let start = from + at;
        from = start + attribute.len();
        let before_ok = start == 0 || !lower.as_bytes()[start - 1].is_ascii_alphanumeric();
        let rest = html[from..].trim_start();
        let Some(rest) = rest.strip_prefix('=').map(str::trim_start) else {
            continue;
        };
        let Some(quote) = rest.chars().next().filter(|q| matches!(q, '"' | '\'')) else {
            continue;
        };
        if let (true, Some(end)) = (before_ok, rest[1..].find(quote)) {
            values.push(&rest[1..1 + end]);
        }
    }
    values
}

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
}

/// The anchors a Markdown text offers: its headings' slugs (repeated ones numbered as GitHub
/// numbers them) and the `id`s and `name`s of its HTML.
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(&heading.take().unwrap_or_default());
                let n = seen.entry(base.clone()).or_insert(0);
                found.insert(if *n == 0 {
                    base.clone()
                } else {
                    format!("{base}-{n}")
                });
                *n += 1;
            }
            Event::Text(text) | Event::Code(text) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&text);
                }
            }
            Event::Html(html) | Event::InlineHtml(html) => {
                for attribute in ["id", "name"] {
                    found.extend(
                        html_attribute_values(&html, attribute)
                            .into_iter()
                            .map(str::to_string),
                    );
                }
            }
            _ => {}
        }
    }
    found
}

/// A link's destination, with where it was written (byte offset).
struct Link {
    at: usize,
    target: String,
}

/// The links and image references of a Markdown text (also `href` and `src` in its HTML),
/// and the full references `[text][label]` whose label is defined nowhere.
fn links(markdown: &str) -> (Vec<Link>, Vec<Link>) {
    let mut undefined = Vec::new();
    let mut callback = |broken: BrokenLink<'_>| {
        if broken.link_type == LinkType::Reference {
            undefined.push(Link {
                at: broken.span.start,
                target: format!("[{}]", broken.reference),
            });
        }
        None
    };
    let mut found = Vec::new();
    let parser = Parser::new_with_broken_link_callback(markdown, options(), Some(&mut callback));
    for (event, range) in parser.into_offset_iter() {
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                found.push(Link {
                    at: range.start,
                    target: dest_url.to_string(),
                })
            }
            Event::Html(html) | Event::InlineHtml(html) => {
                for attribute in ["href", "src"] {
                    found.extend(html_attribute_values(&html, attribute).into_iter().map(
                        |target| Link {
                            at: range.start,
                            target: target.to_string(),
                        },
                    ));
                }
            }
            _ => {}
        }
    }
    (found, undefined)
}

/// True for a destination GitHub does not resolve in the repository: `https:`, `mailto:`, `//host`.
fn is_external(target: &str) -> bool {
    if target.starts_with("//") {
        return true;
    }
    match target.split_once(':') {
        Some((scheme, _)) => {
            scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}

/// `%20` and the like, as a browser reads them.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `base/path` with `.` and `..` resolved; `None` when it climbs out of the repository.
fn resolve(base: &Path, path: &str) -> Option<PathBuf> {
    let joined = if let Some(from_root) = path.strip_prefix('/') {
        PathBuf::from(from_root)
    } else {
        base.join(path)
    };
    let mut out = PathBuf::new();
    for part in joined.components() {
        match part {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// Every broken relative link of the Markdown files below `root`.
fn broken_links(root: &Path) -> Vec<Broken> {
    let files = repository_files(root);
    let folders = folders_of(&files);
    let markdown: Vec<&PathBuf> = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "md"))
        .collect();
    let mut anchor_cache: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut anchors_of = |file: &Path| {
        anchor_cache
            .entry(file.to_path_buf())
            .or_insert_with(|| {
                anchors(&std::fs::read_to_string(root.join(file)).unwrap_or_default())
            })
            .clone()
    };
    let mut broken = Vec::new();
    for file in markdown {
        let text = std::fs::read_to_string(root.join(file))
            .unwrap_or_else(|e| panic!("{} cannot be read: {e}", file.display()));
        let line_of = |at: usize| text[..at].matches('\n').count() + 1;
        let (found, undefined) = links(&text);
        for link in undefined {
            broken.push(Broken {
                file: file.clone(),
                line: line_of(link.at),
                target: link.target,
                why: "reference defined nowhere".into(),
            });
        }
        for link in found {
            let mut report = |why: String| {
                broken.push(Broken {
                    file: file.clone(),
                    line: line_of(link.at),
                    target: link.target.clone(),
                    why,
                })
            };
            if is_external(&link.target) {
                continue;
            }
            let (path, anchor) = match link.target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (link.target.as_str(), None),
            };
            let path = percent_decoded(path.split('?').next().unwrap_or(""));
            let target = if path.is_empty() {
                file.to_path_buf()
            } else {
                let base = file.parent().unwrap_or(Path::new(""));
                match resolve(base, &path) {
                    Some(target) => target,
                    None => {
                        report("leads out of the repository".into());
                        continue;
                    }
                }
            };
            if !files.contains(&target) && !folders.contains(&target) {
                report(if root.join(&target).exists() {
                    format!("{} is not part of the repository", target.display())
                } else {
                    format!("{} does not exist", target.display())
                });
                continue;
            }
            let Some(anchor) = anchor.map(percent_decoded).filter(|a| !a.is_empty()) else {
                continue;
            };
            if target.extension().is_some_and(|e| e == "md")
                && !anchors_of(&target).contains(&anchor)
            {
                report(format!("{} has no heading #{anchor}", target.display()));
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_of_the_documentation_works() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let broken = broken_links(root);
    let list: Vec<String> = broken.iter().map(Broken::to_string).collect();
    assert!(
        broken.is_empty(),
        "{} broken link(s) in the documentation:\n{}",
        broken.len(),
        list.join("\n")
    );
}

#[test]
fn the_documents_the_brief_names_are_checked() {
    // Guards the walk: if the ignore rules ever hid them, the check above would pass on nothing.
    let files = repository_files(Path::new(env!("CARGO_MANIFEST_DIR")));
    for doc in [
        "README.md",
        "models/README.md",
        "firmware/README.md",
        "docs/architecture.md",
        "docs/design.md",
        "docs/pegboard-protocol.md",
    ] {
        assert!(files.contains(Path::new(doc)), "{doc} is not walked");
    }
    assert!(
        !files.iter().any(|f| f.starts_with("target")),
        "build output is walked as if it were the repository"
    );
}

#[test]
fn headings_become_github_anchors() {
    assert_eq!(
        slug("The board: mechanics (Annex D D.1)"),
        "the-board-mechanics-annex-d-d1"
    );
    assert_eq!(slug("Host to device"), "host-to-device");
    assert_eq!(slug("`KEY <name>`: keys"), "key-name-keys");
    assert_eq!(slug("Début d'une partie"), "début-dune-partie");
    assert_eq!(slug("snake_case and a-hyphen"), "snake_case-and-a-hyphen");
    let found = anchors(
        "# Title\n\n## Notes\n\n## Notes\n\n## `HELLO` and **sensing**\n\n<a id=\"here\"></a>\n\n```\n# not a heading\n```\n",
    );
    let want: BTreeSet<String> = ["title", "notes", "notes-1", "hello-and-sensing", "here"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(found, want);
}

#[test]
fn the_check_finds_every_kind_of_broken_link() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("docs")).unwrap();
    std::fs::create_dir_all(root.join("models/big-model")).unwrap();
    std::fs::write(root.join(".gitignore"), "/models/*\n!/models/README.md\n").unwrap();
    std::fs::write(root.join("models/README.md"), "# Models\n").unwrap();
    std::fs::write(root.join("models/big-model/README.md"), "# Not ours\n").unwrap();
    std::fs::write(
        root.join("docs/guide.md"),
        "# Guide\n\n## First steps\n\nSee [steps](#first-steps) and [models](../models/README.md#models).\n",
    )
    .unwrap();
    std::fs::write(
        root.join("README.md"),
        "# Readme\n\
         \n\
         [ok](docs/guide.md#first-steps) [ok](docs/) [ok](https://example.org/x.md) \
         [ok](#readme) ![ok](docs/guide.md)\n\
         [gone](docs/missing.md)\n\
         [no heading](docs/guide.md#last-steps)\n\
         [no own heading](#nowhere)\n\
         [outside](../shared/DESIGN.md)\n\
         [ignored](models/big-model/README.md)\n\
         ![image](docs/missing.svg)\n\
         [text][undefined-label]\n\
         <img src=\"docs/missing.png\">\n\
         \n\
         ```\n\
         [in a code block](not/checked.md)\n\
         ```\n\
         and `[in a code span](not/checked.md)`\n",
    )
    .unwrap();
    let broken = broken_links(root);
    let got: Vec<(usize, &str)> = broken.iter().map(|b| (b.line, b.target.as_str())).collect();
    assert_eq!(
        got,
        [
            (10, "[undefined-label]"),
            (4, "docs/missing.md"),
            (5, "docs/guide.md#last-steps"),
            (6, "#nowhere"),
            (7, "../shared/DESIGN.md"),
            (8, "models/big-model/README.md"),
            (9, "docs/missing.svg"),
            (11, "docs/missing.png"),
        ],
        "{broken:#?}"
    );
    assert!(broken.iter().all(|b| b.file == Path::new("README.md")));
    assert!(broken[4].why.contains("out of the repository"));
    assert!(broken[5].why.contains("not part of the repository"));
}

/// Issue 34, item 12: the README of the Windows zip names the words that end a game as the
/// tables have them in each language (it said "Ende (or end)", and `end` is no word), says
/// which Windows is needed, and names the ChessLink board.
#[test]
fn the_windows_readme_names_the_programs_own_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("scripts/windows/README-Windows.txt")).unwrap();
    let text = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    for (lang, name) in [
        (annexd_core::Lang::De, "German"),
        (annexd_core::Lang::En, "English"),
        (annexd_core::Lang::Fr, "French"),
    ] {
        let quit = lang.word(annexd_core::Word::Quit);
        assert!(
            text.contains(&format!("{quit} in {name}")),
            "{lang}: '{quit} in {name}' missing"
        );
    }
    assert!(!text.contains("(or end)"), "{readme}");
    for wanted in [
        "Windows 10 or later",
        "--sighted chesslink:COM4",
        "Windows 10 oder neuer",
    ] {
        assert!(text.contains(wanted), "{wanted} missing");
    }
}
