//===----------------------------------------------------------------------===//
// BackendTests: the SVG documents and the gallery (spec BK-8, BK-9).
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressSVG
import ProgressStateMachine
import Testing

@Suite("SVG")
struct SVGRendererTests {
  @Test("BK-8 the viewBox is the frame in points; the size is points × scale")
  func scale() throws {
    let frame = try linearFrame(0.5)
    for scale in [1.0, 2, 3] {
      let svg = SVGRenderer().document(for: frame, scale: scale)
      #expect(
        svg.contains(
          "width=\"\(Int(320 * scale))\" height=\"\(Int(40 * scale))\" viewBox=\"0 0 320 40\""))
    }
  }

  @Test("BK-8 a linear bar is a round-capped line at its exact coordinates")
  func linear() throws {
    let frame = try linearFrame(0.5, track: true)
    let svg = SVGRenderer().document(for: frame)
    // The medium bar is 8 pt thick, centred in a 40 pt frame, its path from
    // 4 to 316 (the caps reach 0 and 320); half of it ends at 160.
    #expect(
      svg.contains(
        "<path d=\"M4 20L316 20\" fill=\"none\" stroke=\"#EFF1F3\" stroke-width=\"8\" stroke-linecap=\"round\"/>"
      ))
    #expect(
      svg.contains(
        "<path d=\"M4 20L160 20\" fill=\"none\" stroke=\"#007DBC\" stroke-width=\"8\" stroke-linecap=\"round\"/>"
      ))
    #expect(svg.contains("role=\"progressbar\"") && svg.contains("aria-valuenow=\"50\""))
  }

  @Test("BK-8 arcs run clockwise from 12 o'clock; a full turn is two half turns")
  func arcs() {
    func arc(_ start: Double, _ end: Double, rotation: Double = 0) -> SegmentGeometry {
      .arc(
        ArcGeometry(
          center: FramePoint(x: 70, y: 70), radius: 60, lineWidth: 8, startAngle: start,
          endAngle: end,
          rotation: rotation))
    }
    #expect(SVGRenderer.pathData(arc(0, 90)) == "M70 10A60 60 0 0 1 130 70")
    #expect(SVGRenderer.pathData(arc(0, 270)) == "M70 10A60 60 0 1 1 10 70")
    #expect(SVGRenderer.pathData(arc(0, 360)) == "M70 10A60 60 0 1 1 70 130A60 60 0 1 1 70 10")
    #expect(SVGRenderer.pathData(arc(0, 720)) == SVGRenderer.pathData(arc(0, 360)))
    #expect(SVGRenderer.pathData(arc(0, 90, rotation: 90)) == "M130 70A60 60 0 0 1 70 130")
    #expect(SVGRenderer.pathData(arc(45, 45)) == "M112.426 27.574L112.426 27.574")
  }

  @Test("BK-8 clip rectangle and round image clip are clip paths; a hidden frame draws nothing")
  func clipsAndHidden() throws {
    let image = ProgressImage(
      identifier: "dot", pixelWidth: 1, pixelHeight: 1, encodedData: [0x89, 0x50, 0x4E, 0x47])
    let ring = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(variant: .circular(size: .medium, style: .image(image))),
      size: FrameSize(width: 140, height: 140))
    let svg = SVGRenderer().document(for: ring.frame(at: 0))
    #expect(svg.contains("<clipPath id=\"p-image\"><circle cx=\"70\" cy=\"70\""))
    #expect(svg.contains("href=\"data:image/png;base64,iVBORw==\""))
    let small = try ProgressIndicatorModel(
      configuration: ProgressConfiguration(
        variant: .linear(size: .large, style: .percentage), leftLabelText: "Upload"),
      size: FrameSize(width: 100, height: 10))
    let clipped = SVGRenderer().document(for: small.frame(at: 0))
    #expect(
      clipped.contains(
        "<clipPath id=\"p-clip\"><rect x=\"0\" y=\"0\" width=\"100\" height=\"10\"/>"))
    #expect(clipped.contains("<g clip-path=\"url(#p-clip)\">"))
    let hidden = try ProgressIndicatorModel(isHidden: true, size: FrameSize(width: 320, height: 40))
    #expect(SVGRenderer().elements(for: hidden.frame(at: 0), idPrefix: "h").isEmpty)
  }

  @Test("BK-9 the gallery is self-contained, animated from sampled frames, with the charts")
  func gallery() throws {
    let html = try Gallery(framesPerSecond: 5).html()
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    // Nothing outside the file: no URL but the SVG namespace and data URLs.
    for outside in ["src=\"http", "href=\"http", "@import", "url(http", "<link"] {
      #expect(!html.contains(outside), "\(outside)")
    }
    #expect(!html.contains("@keyframes") && !html.contains("animation:"))
    #expect(html.contains("const cells = ["))
    // 25 rows × 4 cells, in two themes: 17, and Material 3's flat and wavy
    // bar and rings of its three sizes.
    #expect(html.components(separatedBy: "<svg data-cell=").count - 1 == 25 * 4 * 2)
    for title in ["vitamin linear loop", "material circular loop", "<title>ease-in-out</title>"] {
      #expect(html.contains(title), "\(title)")
    }
  }
}

extension String {
  func components(separatedBy separator: String) -> [Substring] {
    var parts: [Substring] = []
    var rest = self[...]
    while let range = rest.firstRange(of: separator) {
      parts.append(rest[..<range.lowerBound])
      rest = rest[range.upperBound...]
    }
    parts.append(rest)
    return parts
  }
}
