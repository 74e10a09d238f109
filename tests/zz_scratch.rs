use annexd::record::braille::BrailleTable;
use annexd_core::record::export::brf::brf_char;
#[test]
fn scratch() {
    for (t, s) in [
        (
            "de-g1-detailed.ctb",
            "12. Sf3 Sxe5+ 13. 0-0-0 e8D# (=) Prüfcode: 3f9a 12c0 77be 0d41 Weiß",
        ),
        (
            "en-ueb-g1.ctb",
            "12. Nf3 Nxe5+ 0-0 e8Q# (=) 3f9a 12c0 77be 0d41",
        ),
    ] {
        let table = BrailleTable::open(t).unwrap();
        let cells = table.translate(s).unwrap();
        let brf: String = cells.iter().map(|&c| brf_char(c)).collect();
        let back = table.back_translate(&cells).unwrap();
        println!("{t}\n{s}\n{brf}\n{back}\n");
    }
    println!("{:?}", BrailleTable::open("nope.ctb").err());
}
