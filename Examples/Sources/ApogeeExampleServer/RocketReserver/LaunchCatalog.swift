/// The launches the server offers: one hundred real missions in launch order, built in code
/// so every server instance (and every test) sees the same data without a file to ship.
enum LaunchCatalog {
    /// Launches oldest first; launch `n` has ID `"n"`.
    static let launches: [Launch] = missions.enumerated().map { offset, entry in
        let number = offset + 1
        return Launch(
            id: GraphQLID(String(number)),
            site: entry.site.rawValue,
            mission: Mission(name: entry.name, patchBaseURL: "https://images.apogee.example/patches/\(slug(entry.name))"),
            rocket: entry.rocket.rocket(flight: number)
        )
    }

    private enum Site: String {
        case kwajalein = "Kwajalein Atoll"
        case slc40 = "CCAFS SLC 40"
        case lc39A = "KSC LC 39A"
        case slc4E = "VAFB SLC 4E"
    }

    private enum RocketModel {
        case falcon1, falcon9, falconHeavy

        func rocket(flight: Int) -> Rocket {
            switch self {
            case .falcon1:
                return Rocket(id: "falcon1", name: "Falcon 1", type: flight < 3 ? "Merlin A" : "Merlin C")
            case .falcon9:
                // The block of the rocket changed over the years; the catalogue follows it roughly.
                let type = flight < 11 ? "v1.0" : flight < 27 ? "v1.1" : "FT"
                return Rocket(id: "falcon9", name: "Falcon 9", type: type)
            case .falconHeavy:
                return Rocket(id: "falconheavy", name: "Falcon Heavy", type: "FT")
            }
        }
    }

    private static func slug(_ name: String) -> String {
        let words = name.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        return words.joined(separator: "-")
    }

    private static let missions: [(name: String, site: Site, rocket: RocketModel)] = [
        ("FalconSat", .kwajalein, .falcon1), ("DemoSat", .kwajalein, .falcon1),
        ("Trailblazer", .kwajalein, .falcon1), ("RatSat", .kwajalein, .falcon1),
        ("RazakSat", .kwajalein, .falcon1), ("Falcon 9 Test Flight", .slc40, .falcon9),
        ("COTS 1", .slc40, .falcon9), ("COTS 2", .slc40, .falcon9),
        ("CRS-1", .slc40, .falcon9), ("CRS-2", .slc40, .falcon9),
        ("CASSIOPE", .slc4E, .falcon9), ("SES-8", .slc40, .falcon9),
        ("Thaicom 6", .slc40, .falcon9), ("CRS-3", .slc40, .falcon9),
        ("Orbcomm-OG2", .slc40, .falcon9), ("AsiaSat 8", .slc40, .falcon9),
        ("AsiaSat 6", .slc40, .falcon9), ("CRS-4", .slc40, .falcon9),
        ("CRS-5", .slc40, .falcon9), ("DSCOVR", .slc40, .falcon9),
        ("ABS-3A Eutelsat 115W B", .slc40, .falcon9), ("CRS-6", .slc40, .falcon9),
        ("TurkmenAlem 52E", .slc40, .falcon9), ("CRS-7", .slc40, .falcon9),
        ("Jason 3", .slc4E, .falcon9), ("SES-9", .slc40, .falcon9),
        ("CRS-8", .slc40, .falcon9), ("JCSAT-14", .slc40, .falcon9),
        ("Thaicom 8", .slc40, .falcon9), ("ABS-2A Eutelsat 117W B", .slc40, .falcon9),
        ("CRS-9", .slc40, .falcon9), ("JCSAT-16", .slc40, .falcon9),
        ("Iridium NEXT Mission 1", .slc4E, .falcon9), ("CRS-10", .lc39A, .falcon9),
        ("EchoStar 23", .lc39A, .falcon9), ("SES-10", .lc39A, .falcon9),
        ("NROL-76", .lc39A, .falcon9), ("Inmarsat-5 F4", .lc39A, .falcon9),
        ("CRS-11", .lc39A, .falcon9), ("BulgariaSat-1", .lc39A, .falcon9),
        ("Iridium NEXT Mission 2", .slc4E, .falcon9), ("Intelsat 35e", .lc39A, .falcon9),
        ("CRS-12", .lc39A, .falcon9), ("FORMOSAT-5", .slc4E, .falcon9),
        ("Boeing X-37B OTV-5", .lc39A, .falcon9), ("Iridium NEXT Mission 3", .slc4E, .falcon9),
        ("SES-11 EchoStar 105", .lc39A, .falcon9), ("Koreasat 5A", .lc39A, .falcon9),
        ("CRS-13", .slc40, .falcon9), ("Iridium NEXT Mission 4", .slc4E, .falcon9),
        ("Zuma", .slc40, .falcon9), ("GovSat-1", .slc40, .falcon9),
        ("Falcon Heavy Test Flight", .lc39A, .falconHeavy), ("Paz", .slc4E, .falcon9),
        ("Hispasat 30W-6", .slc40, .falcon9), ("Iridium NEXT Mission 5", .slc4E, .falcon9),
        ("CRS-14", .slc40, .falcon9), ("TESS", .slc40, .falcon9),
        ("Bangabandhu-1", .lc39A, .falcon9), ("Iridium NEXT Mission 6", .slc4E, .falcon9),
        ("SES-12", .slc40, .falcon9), ("CRS-15", .slc40, .falcon9),
        ("Telstar 19V", .slc40, .falcon9), ("Iridium NEXT Mission 7", .slc4E, .falcon9),
        ("Merah Putih", .slc40, .falcon9), ("Telstar 18V", .slc40, .falcon9),
        ("SAOCOM 1A", .slc4E, .falcon9), ("Es'hail-2", .lc39A, .falcon9),
        ("SSO-A", .slc4E, .falcon9), ("CRS-16", .slc40, .falcon9),
        ("GPS III SV01", .slc40, .falcon9), ("Iridium NEXT Mission 8", .slc4E, .falcon9),
        ("Nusantara Satu", .slc40, .falcon9), ("Crew Dragon Demo-1", .lc39A, .falcon9),
        ("Arabsat-6A", .lc39A, .falconHeavy), ("CRS-17", .slc40, .falcon9),
        ("Starlink v0.9", .slc40, .falcon9), ("RADARSAT Constellation", .slc4E, .falcon9),
        ("STP-2", .lc39A, .falconHeavy), ("AMOS-17", .slc40, .falcon9),
        ("Starlink-1", .slc40, .falcon9), ("JCSAT-18 Kacific 1", .slc40, .falcon9),
        ("CRS-19", .slc40, .falcon9), ("Starlink-2", .slc40, .falcon9),
        ("Crew Dragon In-Flight Abort Test", .lc39A, .falcon9), ("Starlink-3", .lc39A, .falcon9),
        ("Starlink-4", .slc40, .falcon9), ("CRS-20", .slc40, .falcon9),
        ("Starlink-5", .lc39A, .falcon9), ("Crew Dragon Demo-2", .lc39A, .falcon9),
        ("ANASIS-II", .slc40, .falcon9), ("Starlink-9", .lc39A, .falcon9),
        ("SAOCOM 1B", .slc40, .falcon9), ("Sentinel-6 Michael Freilich", .slc4E, .falcon9),
        ("Crew-1", .lc39A, .falcon9), ("CRS-21", .lc39A, .falcon9),
        ("Transporter-1", .slc40, .falcon9), ("Inspiration4", .lc39A, .falcon9),
        ("Crew-3", .lc39A, .falcon9), ("DART", .slc4E, .falcon9),
    ]
}
