//! Table bans by target (`tables.crts[].banned_targets`; engine gap G25, ToO 25.2: the
//! Onslaught table may never be used against Mecca, Medina or Jerusalem).

use sandtable::session::Command;

use crate::common::{kell_with, mv, play, root};

/// Kell Ford with a second table, "onslaught", a copy of its CRT that may not be used against
/// Kell (0404).
fn with_onslaught() -> (String, String) {
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read");
    let start = text.find("crts: [(").expect("the CRT") + "crts: [".len();
    let end = start + text[start..].find("\n        )],").expect("its end") + "\n        )".len();
    let table = &text[start..end];
    let onslaught = table
        .replacen(r#"id: "crt","#, r#"id: "onslaught","#, 1)
        .replacen(r#"name: "Combat Results Table","#, r#"name: "Onslaught table", banned_targets: ["0404"],"#, 1);
    (table.to_string(), format!("{table}, {onslaught}"))
}

#[test]
fn rule_too_25_2_a_table_may_be_banned_against_a_target() {
    let (one, two) = with_onslaught();
    let mut s = kell_with(&[(one.as_str(), two.as_str())], &[]);
    play(&mut s, &[mv("N-2Inf", "0403"), mv("N-1Tk", "0304"), Command::EndPhase]);
    let on = |table: &str| Command::Attack { attackers: vec!["N-1Tk".into(), "N-2Inf".into()], target: "0404".into(), table: Some(table.into()), supports: Vec::new(), declare: None };
    // The legal list offers the attack on Kell on the first table only.
    let legal = s.legal_commands();
    assert!(legal.contains(&on("crt")), "{legal:?}");
    assert!(!legal.iter().any(|c| matches!(c, Command::Attack { table: Some(t), target, .. } if t == "onslaught" && target == "0404")), "{legal:?}");
    let e = s.apply(on("onslaught")).expect_err("banned against Kell");
    assert!(e.contains("the Onslaught table may not be used against 0404"), "{e}");
    s.apply(on("crt")).expect("the other table may be used");
}

#[test]
fn a_table_ban_names_a_known_space() {
    let (one, two) = with_onslaught();
    let text = std::fs::read_to_string(root().join("scenarios/kell_ford.ron")).expect("read").replacen(&one, &two.replacen(r#"["0404"]"#, r#"["9999"]"#, 1), 1);
    let e = sandtable::games::load_str(&text, "bans.ron", &root()).expect_err("an unknown space").to_string();
    assert!(e.contains("bans.ron: error: tables.crts[1].banned_targets[0]: unknown space `9999`"), "{e}");
}
