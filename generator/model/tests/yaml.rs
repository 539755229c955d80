//! The one YAML parse keeps what the content files have always meant and where diagnostics have
//! always pointed (values as serde_yaml 0.9 read them, positions as the yaml-rust2 index gave them).

use jax_model::spans::Pos;
use jax_model::yaml::load;
use serde_json::json;

fn value(yaml: &str) -> serde_json::Value {
    load(yaml, 1).unwrap().0
}

fn error(yaml: &str, first_line: usize) -> (usize, usize, String) {
    let e = load(yaml, first_line).unwrap_err();
    (e.pos.line, e.pos.column, e.message)
}

#[test]
fn scalars_read_as_yaml_1_2_core() {
    let v = value(
        "a: yes\nb: on\nc: True\nd: FALSE\ne: ~\nf:\ng: Null\nh: 0x1F\ni: -0x10\nj: +12\nk: 007\nl: 1_000\n\
         m: 2.50\nn: 1e3\no: .inf\np: 032205\nq: '3'\nr: 12:30\ns: 2024-01-01\nt: 18446744073709551615\n",
    );
    assert_eq!(
        v,
        json!({"a": "yes", "b": "on", "c": true, "d": false, "e": null, "f": null, "g": null, "h": 31, "i": -16,
               "j": 12, "k": "007", "l": "1_000", "m": 2.5, "n": 1000.0, "o": null, "p": "032205", "q": "3",
               "r": "12:30", "s": "2024-01-01", "t": 18446744073709551615u64})
    );
    assert_eq!(value(""), json!({}));
    assert_eq!(
        value("a: &x {c: 1}\nb: *x\nd: !!str 5\ne: !!int '5'\nf: !thing x\n"),
        json!({"a": {"c": 1}, "b": {"c": 1}, "d": "5", "e": 5, "f": {"!thing": "x"}})
    );
}

#[test]
fn syntax_errors_keep_libyamls_words_and_positions_in_file_lines() {
    assert_eq!(
        error("title: Quiz\nintro: [Six questions.\nquestions:\n", 1),
        (
            3,
            10,
            "YAML syntax error: did not find expected ',' or ']', while parsing a flow sequence at line 2 column 8"
                .into()
        )
    );
    assert_eq!(
        error("a: b: c\n", 2),
        (2, 5, "YAML syntax error: mapping values are not allowed in this context".into())
    );
    assert_eq!(
        error("a:\n  - b\n c: d\n", 1),
        (3, 2, "YAML syntax error: did not find expected key, while parsing a block mapping".into())
    );
    assert_eq!(error("a: *x\n", 1), (1, 4, "YAML syntax error: unknown anchor".into()));
    assert_eq!(error("b:\n  c: 1\n  c: 2\n", 1), (2, 3, "YAML syntax error: b: duplicate entry with key \"c\"".into()));
    assert_eq!(
        error("a: !!bool yes\n", 1),
        (1, 4, "YAML syntax error: a: invalid value: string \"yes\", expected a boolean".into())
    );
    assert_eq!(
        error("a: 1\n---\nb: 2\n", 2),
        (2, 1, "YAML syntax error: deserializing from YAML containing more than one document is not supported".into())
    );
    assert_eq!(
        error("a: b\u{7}\n", 1),
        (1, 1, "YAML syntax error: control characters are not allowed at position 4".into())
    );
    assert_eq!(error("? [a]\n: 1\n", 1), (1, 1, "unsupported YAML: key must be a string".into()));
}

#[test]
fn positions_are_where_they_always_were() {
    let y = "a:\n  b: 1\nc: >-\n\n  text\nd:\ne:\n- x\nf:\n  -\n  - y\ng: !t [1]\nh: {i: }\n";
    let s = load(y, 2).unwrap().1;
    let at = |line, column| Pos { line, column };
    assert_eq!(s.value("a"), at(3, 4), "a block mapping: its first key's colon");
    assert_eq!(s.value("c"), at(6, 3), "a block scalar: its first line of text");
    assert_eq!(s.value("d"), at(8, 1), "an empty value: what follows it");
    assert_eq!(s.value("e"), at(9, 3), "a list not indented under its key: its first item");
    assert_eq!(s.value("f[0]"), at(12, 5), "an empty item: the next item's text");
    assert_eq!(s.value("g"), at(13, 7), "after a tag");
    assert_eq!(s.value("h.i"), at(14, 6), "an empty value in braces: its colon");
    assert_eq!(s.key("e"), at(8, 1));
}
