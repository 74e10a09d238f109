//! No import circles, in either crate: modules that import each other (directly or round a
//! longer ring) cannot be read, tested or replaced one at a time. The sources are read as
//! text: every path a module names (`use crate::…`, `super::…`, `self::…`, and such paths in
//! its code, its unit tests left out) is resolved to the module that defines it (through
//! the re-exports of the modules on the way), and the modules are compared where their paths
//! part: `speech::speaker` naming `speech::output::screen_reader` is an edge `speaker` →
//! `output` among `speech`'s modules. A module naming one of its own ancestors or
//! descendants is no edge (a parent declares and re-exports its children). Among the modules
//! of each parent the edges must leave no ring.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module as its path below the crate's root (`["speech", "speaker"]`; the root is `[]`).
type Module = Vec<String>;

/// One module's file and its code before its unit tests, comments and strings blanked.
struct Source {
    file: PathBuf,
    code: String,
}

/// A crate's modules read from `src`.
struct Crate {
    modules: BTreeMap<Module, Source>,
}

/// One import between modules: who, whom, and the path as written, for the message.
#[derive(Debug, Clone)]
struct Import {
    from: Module,
    to: Module,
    written: String,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut files = Vec::new();
        rust_files(src, &mut files);
        let mut modules = BTreeMap::new();
        for file in files {
            let relative = file.strip_prefix(src).unwrap();
            let mut module: Module = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            if module.first().is_some_and(|m| m == "bin") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let code = without_comments_and_strings(&text);
            // Unit tests may use anything; the code before them may not.
            let code = code.split("#[cfg(test)]").next().unwrap_or_default();
            modules.entry(module).or_insert(Source {
                file,
                code: code.to_string(),
            });
        }
        Crate { modules }
    }

    /// The module `path` (as written in `module`) names, or `None` for another crate's.
    fn resolve(&self, module: &Module, path: &[String], depth: usize) -> Option<Module> {
        let mut at: Module;
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                at = Vec::new();
                rest = &rest[1..];
            }
            Some("self") => {
                at = module.clone();
                rest = &rest[1..];
            }
            Some("super") => {
                at = module.clone();
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A child of this module, else another crate's path.
                let mut child = module.clone();
                child.push(first.to_string());
                if !self.modules.contains_key(&child) {
                    return None;
                }
                at = module.clone();
            }
            None => return None,
        }
        while let Some(next) = rest.first() {
            let mut child = at.clone();
            child.push(next.clone());
            if self.modules.contains_key(&child) {
                at = child;
                rest = &rest[1..];
                continue;
            }
            // An item: where the module re-exports it from, if it does.
            if depth < 8
                && let Some(source) = self.modules.get(&at)
            {
                for tree in use_trees(&source.code, true) {
                    for (target, name) in expand(&tree) {
                        if name == *next
                            && let Some(found) = self.resolve(&at, &target, depth + 1)
                            && found != at
                        {
                            return Some(found);
                        }
                    }
                }
            }
            break;
        }
        Some(at)
    }

    /// Every import between two modules of the crate.
    fn imports(&self) -> Vec<Import> {
        let mut imports = Vec::new();
        for (module, source) in &self.modules {
            let mut paths: Vec<Vec<String>> = use_trees(&source.code, false)
                .iter()
                .flat_map(|tree| expand(tree).into_iter().map(|(path, _)| path))
                .collect();
            paths.extend(code_paths(&source.code));
            for path in paths {
                if let Some(to) = self.resolve(module, &path, 0)
                    && to != *module
                {
                    imports.push(Import {
                        from: module.clone(),
                        to,
                        written: path.join("::"),
                    });
                }
            }
        }
        imports
    }

    /// The rings of imports among the modules of one parent, each as the imports that make
    /// it; none in a crate without import circles.
    fn circles(&self) -> Vec<Vec<Import>> {
        // Edges among siblings, each with the imports behind it.
        let mut edges: BTreeMap<(Module, Module), Vec<Import>> = BTreeMap::new();
        for import in self.imports() {
            let common = import
                .from
                .iter()
                .zip(&import.to)
                .take_while(|(a, b)| a == b)
                .count();
            if common == import.from.len() || common == import.to.len() {
                continue;
            }
            let from = import.from[..=common].to_vec();
            let to = import.to[..=common].to_vec();
            edges.entry((from, to)).or_default().push(import);
        }
        let mut circles = Vec::new();
        let mut reported: BTreeSet<BTreeSet<Module>> = BTreeSet::new();
        for (from, to) in edges.keys() {
            // A way back from `to` to `from` closes a ring.
            if let Some(back) = way(&edges, to, from) {
                let mut ring = vec![(from.clone(), to.clone())];
                ring.extend(back);
                let members: BTreeSet<Module> = ring.iter().map(|(a, _)| a.clone()).collect();
                if reported.insert(members) {
                    circles.push(
                        ring.iter()
                            .map(|edge| edges[edge][0].clone())
                            .collect::<Vec<_>>(),
                    );
                }
            }
        }
        circles
    }

    fn file_of(&self, module: &Module) -> String {
        self.modules
            .get(module)
            .map(|s| s.file.display().to_string())
            .unwrap_or_default()
    }
}

/// The edges of a way from `start` to `goal`, breadth first.
fn way(
    edges: &BTreeMap<(Module, Module), Vec<Import>>,
    start: &Module,
    goal: &Module,
) -> Option<Vec<(Module, Module)>> {
    let mut came_from: BTreeMap<Module, Module> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    let mut seen = BTreeSet::from([start.clone()]);
    while let Some(at) = queue.pop_front() {
        if at == *goal {
            let mut steps = Vec::new();
            let mut here = at;
            while here != *start {
                let before = came_from[&here].clone();
                steps.push((before.clone(), here));
                here = before;
            }
            steps.reverse();
            return Some(steps);
        }
        for (from, to) in edges.keys() {
            if *from == at && seen.insert(to.clone()) {
                came_from.insert(to.clone(), at.clone());
                queue.push_back(to.clone());
            }
        }
    }
    None
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code with its comments and the insides of its strings and characters blanked.
fn without_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !chars
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            'raw: while j < chars.len() {
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break 'raw;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\''
            && (chars.get(i + 2) == Some(&'\'')
                || (next == Some('\\') && chars[i..].iter().skip(2).take(10).any(|&c| c == '\'')))
        {
            // A character ('a', '\n', '\u{41}'); a lifetime has no closing quote.
            i += 1;
            if chars[i] == '\\' {
                i += 1;
            }
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The trees of the `use` declarations in `code` (`super::{a, b::C}`), only the public ones
/// (`pub use`, `pub(crate) use`) when `public`.
fn use_trees(code: &str, public: bool) -> Vec<String> {
    let mut trees = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i + 4 <= bytes.len() {
        let starts = bytes[i..].starts_with(&['u', 's', 'e', ' '])
            && (i == 0 || !is_word(bytes[i - 1]) && bytes[i - 1] != ':');
        if !starts {
            i += 1;
            continue;
        }
        let before: String = bytes[..i].iter().collect();
        let line_start = before.rfind(['\n', ';', '{', '}']).map_or(0, |p| p + 1);
        let prefix = before[line_start..].trim();
        let is_public = prefix.starts_with("pub");
        let end = bytes[i..]
            .iter()
            .position(|&c| c == ';')
            .map_or(bytes.len(), |p| i + p);
        if !public || is_public {
            trees.push(bytes[i + 4..end].iter().collect::<String>());
        }
        i = end;
    }
    trees
}

/// A use tree's paths, each with the name it makes (the last segment, or its `as` name).
fn expand(tree: &str) -> Vec<(Vec<String>, String)> {
    let tokens = tokens(tree);
    let mut out = Vec::new();
    let mut at = 0;
    expand_from(&tokens, &mut at, &[], &mut out);
    out
}

fn tokens(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if is_word(c) {
            let start = i;
            while i < chars.len() && is_word(chars[i]) {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".into());
            i += 2;
        } else if "{},*".contains(c) {
            tokens.push(c.to_string());
            i += 1;
        } else {
            i += 1;
        }
    }
    tokens
}

fn expand_from(
    tokens: &[String],
    at: &mut usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, String)>,
) {
    let mut path: Vec<String> = prefix.to_vec();
    while *at < tokens.len() {
        let token = tokens[*at].as_str();
        *at += 1;
        match token {
            "::" => {}
            "{" => {
                loop {
                    expand_from(tokens, at, &path, out);
                    match tokens.get(*at).map(String::as_str) {
                        Some(",") => *at += 1,
                        Some("}") => {
                            *at += 1;
                            break;
                        }
                        _ => break,
                    }
                }
                return;
            }
            "," | "}" => {
                *at -= 1;
                break;
            }
            "*" => {
                out.push((path.clone(), "*".into()));
                return;
            }
            "as" => {
                let alias = tokens.get(*at).cloned().unwrap_or_default();
                *at += 1;
                if path.len() > prefix.len() {
                    out.push((path.clone(), alias));
                }
                return;
            }
            "self" if !path.is_empty() && path.len() == prefix.len() => {
                let name = path.last().cloned().unwrap_or_default();
                // `self` inside braces names the prefix itself.
                out.push((path.clone(), name));
                if matches!(tokens.get(*at).map(String::as_str), Some("as")) {
                    *at += 2;
                }
                return;
            }
            word => path.push(word.to_string()),
        }
    }
    if path.len() > prefix.len() {
        let name = path.last().cloned().unwrap_or_default();
        out.push((path, name));
    }
}

/// The paths from `crate`, `super` or `self` written in the code outside `use`
/// declarations (`super::output::screen_reader::in_use(…)`).
fn code_paths(code: &str) -> Vec<Vec<String>> {
    let tokens = tokens(code);
    let mut paths = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let starts = matches!(tokens[i].as_str(), "crate" | "super" | "self")
            && tokens.get(i + 1).is_some_and(|t| t == "::")
            && (i == 0 || tokens[i - 1] != "::")
            && (i == 0 || tokens[i - 1] != "use");
        if !starts {
            i += 1;
            continue;
        }
        let mut path = vec![tokens[i].clone()];
        i += 1;
        while tokens.get(i).is_some_and(|t| t == "::")
            && tokens
                .get(i + 1)
                .is_some_and(|t| t.chars().all(is_word) && t != "{")
        {
            path.push(tokens[i + 1].clone());
            i += 2;
        }
        paths.push(path);
    }
    paths
}

/// The message naming each ring and the imports that make it.
fn described(krate: &Crate, circles: &[Vec<Import>]) -> String {
    circles
        .iter()
        .map(|ring| {
            ring.iter()
                .map(|import| {
                    format!(
                        "{} → {} ({}: {})",
                        import.from.join("::"),
                        import.to.join("::"),
                        krate.file_of(&import.from),
                        import.written
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn assert_no_circles(src: &Path) {
    let krate = Crate::read(src);
    assert!(
        krate.modules.len() > 30,
        "the sources of {} are found",
        src.display()
    );
    let circles = krate.circles();
    assert!(
        circles.is_empty(),
        "import circles in {}:\n{}",
        src.display(),
        described(&krate, &circles)
    );
}

#[test]
fn the_program_has_no_import_circle() {
    assert_no_circles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
}

#[test]
fn the_core_has_no_import_circle() {
    assert_no_circles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src"));
}

/// The check itself: a crate whose two modules import each other through a re-export has
/// a circle, and without the import back it has none.
#[test]
fn a_circle_through_a_re_export_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    let write = |path: &str, text: &str| {
        let path = src.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "mod board;\n");
    write(
        "board/mod.rs",
        "mod link;\nmod serial;\npub use link::{Thing, PortEvent};\n",
    );
    write(
        "board/link.rs",
        "use super::serial::{self, Settings};\npub struct Thing;\npub enum PortEvent {}\n",
    );
    write(
        "board/serial.rs",
        "// crate::board::link is named in a comment only\nuse crate::board::PortEvent;\npub struct Settings;\n",
    );
    let krate = Crate::read(src);
    let circles = krate.circles();
    assert_eq!(circles.len(), 1, "{}", described(&krate, &circles));
    let ring: BTreeSet<String> = circles[0].iter().map(|i| i.from.join("::")).collect();
    assert_eq!(
        ring,
        BTreeSet::from(["board::link".to_string(), "board::serial".to_string()])
    );
    write(
        "board/serial.rs",
        "// crate::board::link is named in a comment only\npub struct Settings;\n",
    );
    assert!(Crate::read(src).circles().is_empty());
}
