//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: the frame record's writer.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

func putGeometry(_ writer: RecordView, _ geometry: SegmentGeometry) {
  switch geometry {
  case .line(let line):
    writer.set(GeometryMember.kind, 0.0)
    writer.set(GeometryMember.fromX, line.fromX)
    writer.set(GeometryMember.toX, line.toX)
    writer.set(GeometryMember.centerY, line.centerY)
    writer.set(GeometryMember.lineWidth, line.lineWidth)
  case .arc(let arc):
    writer.set(GeometryMember.kind, 1.0)
    writer.set(GeometryMember.arcCenterX, arc.center.x)
    writer.set(GeometryMember.arcCenterY, arc.center.y)
    writer.set(GeometryMember.radius, arc.radius)
    writer.set(GeometryMember.lineWidth, arc.lineWidth)
    writer.set(GeometryMember.startAngle, arc.startAngle)
    writer.set(GeometryMember.endAngle, arc.endAngle)
    writer.set(GeometryMember.rotation, arc.rotation)
  }
}

func putSegment(_ writer: RecordView, _ segment: Segment) {
  writer.set(SegmentMember.start, segment.start)
  writer.set(SegmentMember.end, segment.end)
  putGeometry(writer.part(SegmentMember.geometry), segment.geometry)
}

func putRect(_ writer: RecordView, _ rect: FrameRect) {
  writer.set(RectMember.x, rect.origin.x)
  writer.set(RectMember.y, rect.origin.y)
  writer.set(RectMember.width, rect.size.width)
  writer.set(RectMember.height, rect.size.height)
}

func putTextItem(_ writer: RecordView, _ item: TextItem?) {
  guard let item else { return }
  writer.set(TextItemMember.present, true)
  writer.setText(TextItemMember.text, item.text)
  putRect(writer.part(TextItemMember.frame), item.frame)
  writer.set(TextItemMember.fontSize, item.fontSize)
  let alignment: Double =
    switch item.alignment {
    case .left: 0
    case .center: 1
    case .right: 2
    }
  writer.set(TextItemMember.alignment, alignment)
  writer.set(TextItemMember.opacity, item.opacity)
  writer.set(TextItemMember.isTruncated, item.isTruncated)
}

func putColor(_ writer: RecordView, _ color: FrameColor) {
  writer.set(ColorMember.red, color.red)
  writer.set(ColorMember.green, color.green)
  writer.set(ColorMember.blue, color.blue)
  writer.set(ColorMember.alpha, color.alpha)
}

/// Writes a frame into the frame record (layout `frame`).
func putFrame(_ frame: ProgressFrame) {
  let writer = startRecord(&frameRecord, .frame)
  writer.set(FrameMember.time, frame.time)
  writer.set(FrameMember.width, frame.size.width)
  writer.set(FrameMember.height, frame.size.height)
  writer.set(FrameMember.shape, frame.shape == .circular)
  writer.set(FrameMember.progressType, frame.progressType == .indeterminate)
  writer.set(FrameMember.isIndeterminateAnimating, frame.isIndeterminateAnimating)
  writer.set(FrameMember.progress, frame.progress)
  writer.set(FrameMember.presentedProgress, frame.presentedProgress)
  writer.set(FrameMember.visibleFraction, frame.visibleFraction)
  writer.set(FrameMember.isHidden, frame.isHidden)
  writer.set(FrameMember.lineWidth, frame.lineWidth)
  writer.set(FrameMember.layoutDirection, frame.layoutDirection == .rightToLeft)
  putGeometry(writer.part(FrameMember.path), frame.path)
  if let track = frame.track {
    writer.set(FrameMember.hasTrack, true)
    putSegment(writer.part(FrameMember.track), track)
  }
  writer.set(FrameMember.segmentCount, Double(frame.segments.count))
  if frame.segments.count > 0 {
    putSegment(writer.part(FrameMember.firstSegment), frame.segments[0])
  }
  if frame.segments.count > 1 {
    putSegment(writer.part(FrameMember.secondSegment), frame.segments[1])
  }
  putTextItem(writer.part(FrameMember.percentage), frame.percentage)
  putTextItem(writer.part(FrameMember.leftLabel), frame.leftLabel)
  if let image = frame.image {
    let item = writer.part(FrameMember.image)
    item.set(ImageMember.present, true)
    item.setText(ImageMember.identifier, image.image.identifier)
    item.set(ImageMember.pixelWidth, Double(image.image.pixelWidth))
    item.set(ImageMember.pixelHeight, Double(image.image.pixelHeight))
    putRect(item.part(ImageMember.frame), image.frame)
    item.set(ImageMember.clipCenterX, image.clipCenter.x)
    item.set(ImageMember.clipCenterY, image.clipCenter.y)
    item.set(ImageMember.clipRadius, image.clipRadius)
    item.set(ImageMember.opacity, image.opacity)
  }
  if let clip = frame.clip {
    writer.set(FrameMember.hasClip, true)
    putRect(writer.part(FrameMember.clip), clip)
  }
  putColor(writer.part(FrameMember.trackColor), frame.theme.track)
  putColor(writer.part(FrameMember.progressColor), frame.theme.progress)
  putColor(writer.part(FrameMember.textColor), frame.theme.text)
  if let label = frame.accessibilityLabel {
    writer.set(FrameMember.hasAccessibilityLabel, true)
    writer.setText(FrameMember.accessibilityLabel, label)
  }
  if let value = frame.accessibilityValue {
    writer.setText(FrameMember.accessibilityValueText, value.description)
  }
  // Material 3 (MT-13, MT-15).
  if let wave = frame.wave {
    writer.set(FrameMember.hasWave, true)
    writer.set(FrameMember.waveAmplitude, wave.amplitude)
    writer.set(FrameMember.waveWavelength, wave.wavelength)
    writer.set(FrameMember.waveOffset, wave.offset)
  }
  if let stop = frame.stopIndicator {
    writer.set(FrameMember.hasStopIndicator, true)
    putRect(writer.part(FrameMember.stopIndicator), stop)
  }
}
