/// Latin letters with diacritics and ligatures folded to ASCII, so a checklist written in
/// French, German, Spanish or Portuguese names its tests with the letters a person would
/// type in `swift test --filter`: "Écran d'accueil affiché" → `ecranDAccueilAffiche`.
enum LatinFolding {
  /// The ASCII letters a scalar folds to, `nil` when it is not a folded Latin letter.
  static func ascii(_ scalar: Unicode.Scalar) -> String? {
    table[scalar]
  }

  private static let table: [Unicode.Scalar: String] = {
    var table: [Unicode.Scalar: String] = [:]
    let groups: [(String, String)] = [
      ("ÀÁÂÃÄÅĀĂĄǍ", "A"), ("àáâãäåāăąǎª", "a"), ("ÇĆĈĊČ", "C"), ("çćĉċč", "c"),
      ("ĎĐÐ", "D"), ("ďđð", "d"), ("ÈÉÊËĒĔĖĘĚ", "E"), ("èéêëēĕėęě", "e"),
      ("ĜĞĠĢ", "G"), ("ĝğġģ", "g"), ("ĤĦ", "H"), ("ĥħ", "h"), ("ÌÍÎÏĨĪĬĮİǏ", "I"),
      ("ìíîïĩīĭįıǐ", "i"), ("Ĵ", "J"), ("ĵ", "j"), ("Ķ", "K"), ("ķ", "k"),
      ("ĹĻĽĿŁ", "L"), ("ĺļľŀł", "l"), ("ÑŃŅŇ", "N"), ("ñńņňŉ", "n"),
      ("ÒÓÔÕÖØŌŎŐǑ", "O"), ("òóôõöøōŏőǒº", "o"), ("ŔŖŘ", "R"), ("ŕŗř", "r"),
      ("ŚŜŞŠȘ", "S"), ("śŝşšș", "s"), ("ŢŤŦȚ", "T"), ("ţťŧț", "t"),
      ("ÙÚÛÜŨŪŬŮŰŲǓ", "U"), ("ùúûüũūŭůűųǔ", "u"), ("Ŵ", "W"), ("ŵ", "w"),
      ("ÝŶŸ", "Y"), ("ýÿŷ", "y"), ("ŹŻŽ", "Z"), ("źżž", "z"),
    ]
    for (letters, ascii) in groups {
      for scalar in letters.unicodeScalars { table[scalar] = ascii }
    }
    let ligatures: [Unicode.Scalar: String] = [
      "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "ß": "ss", "Þ": "Th", "þ": "th",
    ]
    table.merge(ligatures) { first, _ in first }
    return table
  }()
}
