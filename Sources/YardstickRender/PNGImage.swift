import CPNG

/// An 8-bit RGB image encoded or decoded by libpng (its simplified API, so no `setjmp` crosses
/// into Swift). The encoding is deterministic: no time or text chunks.
package enum PNGImage {
    package struct Error: Swift.Error, CustomStringConvertible {
        package var description: String
    }

    /// PNG bytes of `width × height` pixels, `rgb` 3 bytes a pixel, row after row.
    package static func encode(rgb: [UInt8], width: Int, height: Int) throws(Error) -> [UInt8] {
        precondition(rgb.count == width * height * 3)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = 2 // PNG_FORMAT_RGB
        image.flags = 2 // PNG_IMAGE_FLAG_FAST
        var size = 0
        // First the size, then the bytes.
        let ok = rgb.withUnsafeBufferPointer { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, Int32(width * 3), nil) }
        guard ok != 0, size > 0 else { throw failure(&image, "cannot encode the image") }
        var bytes = [UInt8](repeating: 0, count: size)
        let written = bytes.withUnsafeMutableBytes { out in
            rgb.withUnsafeBufferPointer { png_image_write_to_memory(&image, out.baseAddress, &size, 0, $0.baseAddress, Int32(width * 3), nil) }
        }
        guard written != 0 else { throw failure(&image, "cannot encode the image") }
        png_image_free(&image)
        return Array(bytes.prefix(size))
    }

    /// The pixels of PNG bytes as RGB (an alpha channel is composed over white).
    package static func decode(_ bytes: [UInt8]) throws(Error) -> (rgb: [UInt8], width: Int, height: Int) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw failure(&image, "not a PNG image") }
        image.format = 2
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width * height <= 1 << 28 else {
            png_image_free(&image)
            throw Error(description: "a PNG image of \(width) × \(height) pixels is too large to read")
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var white = png_color(red: 255, green: 255, blue: 255)
        let finished = bytes.withUnsafeBytes { _ in
            rgb.withUnsafeMutableBytes { png_image_finish_read(&image, &white, $0.baseAddress, Int32(width * 3), nil) }
        }
        guard finished != 0 else { throw failure(&image, "cannot decode the PNG image") }
        png_image_free(&image)
        return (rgb, width, height)
    }

    private static func failure(_ image: inout png_image, _ what: String) -> Error {
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        png_image_free(&image)
        return Error(description: message.isEmpty ? what : "\(what): \(message)")
    }
}
