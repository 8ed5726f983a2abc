//! Every integration test in one test binary. Each `tests/*.rs` file is a
//! module of it (`Cargo.toml` sets `autotests = false`), so a cold `cargo
//! test --release` compiles and links one binary over the library instead
//! of one per file. Run a file's tests by its module name:
//! `cargo test --release --test suite scenarios::`. A file added to
//! `tests/` must be declared here (or, if it needs a process of its own,
//! as a `[[test]]` of `Cargo.toml`, as `order_capacity` is);
//! [`every_test_file_is_a_module_of_the_suite`] fails until it is.

mod common;

mod assets;
mod browser;
mod cli;
mod cli_in_process;
mod dispute_pairs;
mod droids;
mod droids_colour;
mod fourth_game;
mod fuzz;
mod game_layout;
mod golden_svg;
mod hostile_droids;
mod hostile_entry_points;
mod hostile_files;
mod hostile_roborally;
mod hostile_scripts;
mod hostile_ttb;
mod house_rules;
mod layers;
mod lua_api;
mod lua_bots;
mod lua_orders;
mod lua_view;
mod properties;
mod random_terrain;
mod readme;
mod real_ends;
mod render;
mod repl;
mod rules;
mod rulings;
mod sandbox_structure;
mod scenarios;
mod seam_structure;
mod serve;
mod serve_browser;
mod team_variants;

/// Without this, a new file in `tests/` would silently never run.
/// (`autotests = false`: cargo finds no test file by itself.)
#[test]
fn every_test_file_is_a_module_of_the_suite() {
    let declared = include_str!("suite.rs");
    let own_binaries = include_str!("../Cargo.toml");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/ is readable") {
        let path = entry.expect("an entry of tests/").path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs")
            && stem != "suite"
            && !declared.contains(&format!("\nmod {stem};\n"))
            && !own_binaries.contains(&format!("path = \"tests/{stem}.rs\""))
        {
            missing.push(stem.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "files in tests/ not declared in tests/suite.rs, so never run: {}",
        missing.join(", ")
    );
}
