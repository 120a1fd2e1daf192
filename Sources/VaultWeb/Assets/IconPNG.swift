/// The app's icon as a PNG, drawn here (no image files in the repository, no image library): the ghost of
/// `Assets.icon` in white on the brand colour, to the edges, for the home screens that do not take SVG (iOS's
/// apple-touch-icon) and for the manifest's fixed sizes.
///
/// Indexed colour with 17 shades from the brand colour to white, each pixel sampled 4x4 for smooth edges;
/// the image data is stored uncompressed (about 33 KB at 180 px), served once and cached.
enum IconPNG {
    /// A `size` x `size` PNG.
    static func png(size: Int) -> [UInt8] {
        let levels = 16
        let sub = 4
        var raw: [UInt8] = []
        raw.reserveCapacity(size * (size + 1))
        for row in 0..<size {
            raw.append(0)  // filter: none
            for column in 0..<size {
                var white = 0
                for sy in 0..<sub {
                    for sx in 0..<sub {
                        // The icon's own 64-unit grid, the ghost scaled to 80 % and centred (a maskable safe zone).
                        let x = (Double(column) + (Double(sx) + 0.5) / Double(sub)) * 64 / Double(size)
                        let y = (Double(row) + (Double(sy) + 0.5) / Double(sub)) * 64 / Double(size)
                        if isGhost(x: (x - 6.4) / 0.8, y: (y - 6.4) / 0.8) { white += 1 }
                    }
                }
                raw.append(UInt8(white * levels / (sub * sub)))
            }
        }
        let brand: (Double, Double, Double) = (0x00, 0x80, 0x5F)
        var palette: [UInt8] = []
        for level in 0...levels {
            let share = Double(level) / Double(levels)
            for channel in [brand.0, brand.1, brand.2] {
                palette.append(UInt8((channel + (255 - channel) * share).rounded()))
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(size)) + bigEndian(UInt32(size))
        header += [8, 3, 0, 0, 0]  // 8 bits, indexed colour, deflate, adaptive filters, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("PLTE", palette) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// The ghost of `Assets.icon` on its 64-unit grid: a round head, a body down to y 52, two eyes.
    static func isGhost(x: Double, y: Double) -> Bool {
        func inCircle(_ cx: Double, _ cy: Double, _ r: Double) -> Bool {
            (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        }
        if inCircle(26, 28, 3) || inCircle(38, 28, 3) { return false }
        let head = y <= 28 && inCircle(32, 28, 16)
        let body = x >= 16 && x <= 48 && y >= 28 && y <= 52
        return head || body
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// zlib around deflate's stored blocks (no compression), with the Adler-32 checksum.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length >= data.count ? 1 : 0
            out.append(final)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
