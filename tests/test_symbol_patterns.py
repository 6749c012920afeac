"""The change mapper's symbols come from the query's symbol patterns alone (``extract_symbols``):
the same records, comments and all, as a whole extraction, in every language."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from diffreach.extract import core, plans
from diffreach.extract.core import extract, extract_symbols
from diffreach.extract.plans import query_patterns
from diffreach.languages import all_languages, language_for
from diffreach.languages.spec import LanguageSpec

SNIPPETS = {
    "m.py": b'''"""Module doc."""
import os  # why os
from a import (b,  # a comment inside an import
    c)

class A(Base):
    """A doc."""
    x: int = 1

    @property
    def f(self, y=2):  # trailing
        # a comment
        def inner():
            return g("text")
        return inner

@decorator(3)
async def h(*args, **kw) -> int:
    return 1
''',
    "m.js": b"""// a comment
import x from "./x";
const { a } = require("./a");
/** Doc of f. */
export function f(a, b = 2) { return g(a); }
class C extends B {
  constructor() { super(); }
  m() { return () => 1; }
}
const h = (x) => x + 1;
module.exports = { f };
""",
    "m.ts": b"""import { A } from "./a";
/** Doc. */
export interface I { m(x: number): string; }
export class C<T> implements I {
  private y: T;
  m(x: number): string { return String(x); }
}
export function f(a: string): void;
export function f(a: any): void {}
type Alias = { a: number };
enum E { A, B }
""",
    "m.tsx": b"""import React from "react";
export function App(props: { name: string }) { return <div>{props.name}</div>; }
const Button = () => <button onClick={() => go()} />;
""",
    "m.go": b"""// Package m does things.
package m

import (
\t"fmt"
\tx "strings"
)

// T is a type.
type T struct{ a int }

// M is a method.
func (t *T) M(a int, b ...string) error { fmt.Println(x.ToUpper("a")); return nil }

type I interface{ M(int, ...string) error }

func f() { go func() {}() }
""",
    "M.java": b"""package p;
import java.util.List;
/** Doc. */
public class M<T> extends B implements I {
  private int x;
  // a comment
  public M(int x) { this.x = x; }
  @Override public String m(List<T> xs, int... ys) { return helper(xs); }
  interface Inner { void run(); }
  enum E { A, B; void go() {} }
  record R(int a) {}
}
""",
    "m.rs": b"""//! Crate doc.
use std::fmt::{self, Display};
/// A struct.
pub struct S { a: i32 }
impl S {
    /// New.
    pub fn new(a: i32) -> Self { Self { a } }
}
pub trait T { fn t(&self) -> i32; }
impl T for S { fn t(&self) -> i32 { self.a } }
mod inner { pub fn f() {} }
macro_rules! m { () => {} }
cfg_if::cfg_if! { if #[cfg(unix)] { fn unix_only() {} } }
fn main() { let c = |x: i32| x + 1; println!("{}", c(1)); }
""",
    "m.c": b"""#include <stdio.h>
/* A comment. */
struct S { int a; };
typedef struct S S;
static int f(int a, ...) { return printf("%d", a); }
int main(void) { return f(1); }
""",
    "m.cpp": b"""#include <vector>
namespace n {
// A class.
class C : public B {
 public:
  C(int a);
  int m(std::vector<int> xs) const { return xs.size(); }
};
C::C(int a) {}
template <typename T> T id(T x) { return x; }
}
""",
    "M.cs": b"""using System;
namespace N {
  /// <summary>Doc.</summary>
  public class C : B, I {
    public int P { get; set; }
    public C(int a) {}
    public string M(int a, params int[] r) => a.ToString();
  }
  interface I { void M(); }
}
""",
    "m.rb": b"""require "x"
# A module.
module M
  class C < B
    def initialize(a, b = 2)
      super(a)
    end

    def self.s(*args, **kw, &blk) = 1
  end
end
""",
    "m.php": b"""<?php
namespace N;
use A\\B;
/** Doc. */
class C extends B implements I {
  public function m(int $a, ...$r): string { return f($a); }
}
function f($x) { return $x; }
""",
    "m.kt": b"""package p
import a.b.C
/** Doc. */
class K(val a: Int) : B(), I {
    fun m(x: Int, vararg ys: Int): Int = x
    companion object { fun make() = K(1) }
}
fun top() {}
""",
    "m.swift": b"""import Foundation
/// Doc.
class C: B {
    init(a: Int) {}
    func m(_ x: Int, y: Int = 2) -> Int { return x }
}
struct S { func s() {} }
func top() {}
""",
    "m.scala": b"""package p
import a.b.C
/** Doc. */
class K(a: Int) extends B with I {
  def m(x: Int, ys: Int*): Int = x
}
object O { def make(): K = new K(1) }
trait I { def t(): Unit }
""",
    "m.vue": b"""<template><div @click="go">x</div></template>
<script>
// a comment
import x from "./x";
export default { methods: { go() { return x(); } } };
function helper(a) { return a; }
</script>
""",
    "m.svelte": b"""<script>
  import { onMount } from "svelte";
  /** Doc. */
  export function go(a) { return a; }
  onMount(() => go(1));
</script>
<button on:click={go}>x</button>
""",
}


@pytest.mark.parametrize("spec", all_languages(), ids=lambda s: s.name)
def test_query_patterns_are_numbered_as_tree_sitter_numbers_them(spec: LanguageSpec) -> None:
    source = spec.query_source
    # The extractor's own compiled query, kept (py-tree-sitter 0.26 crashed compiling TSX's query
    # after another query of these grammars had been freed).
    query = plans._parser_and_query(spec)[1]
    data = source.encode()
    parts = query_patterns(source)
    assert len(parts) == query.pattern_count
    for i, part in enumerate(parts):
        assert part == data[query.start_byte_for_pattern(i) : query.end_byte_for_pattern(i)].decode().strip()


def test_brackets_in_strings_and_comments_do_not_split_a_pattern() -> None:
    source = '; a ( comment\n((call "(" @open) @c (#eq? @c ")")) @x\n[(a) (b)]* @y.z\n"kw" @k\n'
    assert query_patterns(source) == ['((call "(" @open) @c (#eq? @c ")")) @x', "[(a) (b)]* @y.z", '"kw" @k']


@pytest.mark.parametrize("path", sorted(SNIPPETS))
def test_symbols_alone_are_those_of_a_whole_extraction(path: str) -> None:
    spec = language_for(path)
    assert spec is not None
    whole_spans: list[tuple[int, int]] = []
    alone_spans: list[tuple[int, int]] = []
    whole = extract(path, SNIPPETS[path], spec, comment_spans=whole_spans).symbols
    assert len(whole) >= 2  # the snippet defines something in this language
    assert extract_symbols(path, SNIPPETS[path], spec, comment_spans=alone_spans) == whole
    assert alone_spans == whole_spans


@pytest.mark.parametrize("path", sorted(SNIPPETS))
def test_symbols_without_notes_are_those_of_a_whole_extraction_but_their_notes(path: str) -> None:
    """The change mapper's query (no import patterns, no notes): the same symbols and comments."""
    spec = language_for(path)
    assert spec is not None
    whole_spans: list[tuple[int, int]] = []
    shape_spans: list[tuple[int, int]] = []
    whole = extract(path, SNIPPETS[path], spec, comment_spans=whole_spans).symbols
    shapes = extract_symbols(path, SNIPPETS[path], spec, comment_spans=shape_spans, notes=False)
    assert shapes == tuple(replace(s, notes="") for s in whole)
    assert shape_spans == whole_spans
    if any(s.notes for s in whole):
        assert shapes != whole  # the notes are what differs


def test_the_change_mapper_s_query_has_no_import_patterns() -> None:
    for spec in all_languages():
        patterns = query_patterns(plans._source(spec, plans.SHAPE_GROUPS))
        assert not any(plans._groups(p.encode()) == {"import"} for p in patterns), spec.name


def test_symbols_alone_of_this_package_s_own_sources() -> None:
    root = Path(core.__file__).parents[1]
    for file in sorted(root.rglob("*.py")):
        path = str(file.relative_to(root))
        spec = language_for(path)
        assert spec is not None
        data = file.read_bytes()
        whole = extract(path, data, spec).symbols
        assert extract_symbols(path, data, spec) == whole, path
        assert extract_symbols(path, data, spec, notes=False) == tuple(replace(s, notes="") for s in whole), path


def test_a_parse_past_its_budget_gives_the_file_alone_as_in_extract(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "PARSE_BUDGET_BASE", 0)
    monkeypatch.setattr(core, "PARSE_BUDGET_PER_KIB", 0)
    spec = language_for("m.py")
    assert spec is not None
    symbols = extract_symbols("m.py", SNIPPETS["m.py"], spec)
    assert symbols == extract("m.py", SNIPPETS["m.py"], spec).symbols
    assert [s.id for s in symbols] == ["m.py"]
