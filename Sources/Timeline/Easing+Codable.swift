//===----------------------------------------------------------------------===//
// Timeline: easings, timings and tweens as Codable values, for snapshots.
// Decoding goes through the throwing initializers, so a corrupted value is
// rejected rather than built.
//===----------------------------------------------------------------------===//

// Codable is not in Embedded Swift: snapshots and JSON hosts use this natively.
#if !hasFeature(Embedded)
  extension Easing: Codable {
    private enum CodingKeys: String, CodingKey {
      case type, x1, y1, x2, y2, count, position, keyword, points, mass, stiffness, damping
      case initialVelocity
    }

    /// Encodes the easing as its kind and the parameters it was built from:
    /// `{"type": "cubicBezier", "x1": 0.4, "y1": 0, "x2": 0.2, "y2": 1}`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: An encoding error.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch self {
      case .linear:
        try container.encode("linear", forKey: .type)
      case .cubicBezier(let curve):
        try container.encode("cubicBezier", forKey: .type)
        try container.encode(curve.x1, forKey: .x1)
        try container.encode(curve.y1, forKey: .y1)
        try container.encode(curve.x2, forKey: .x2)
        try container.encode(curve.y2, forKey: .y2)
      case .steps(let steps):
        try container.encode("steps", forKey: .type)
        try container.encode(steps.count, forKey: .count)
        try container.encode(steps.position, forKey: .position)
        // The CSS keyword, when it is the short one: `start` or `end`.
        if steps.spelling == .short {
          try container.encode(steps.positionKeyword, forKey: .keyword)
        }
      case .piecewiseLinear(let curve):
        try container.encode("piecewiseLinear", forKey: .type)
        try container.encode(curve.points.map { [$0.output, $0.inputPercent] }, forKey: .points)
      case .spring(let spring):
        try container.encode("spring", forKey: .type)
        try container.encode(spring.mass, forKey: .mass)
        try container.encode(spring.stiffness, forKey: .stiffness)
        try container.encode(spring.damping, forKey: .damping)
        try container.encode(spring.initialVelocity, forKey: .initialVelocity)
      }
    }

    /// Decodes an easing, checking its parameters as its initializers do.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A decoding error, `dataCorrupted` for invalid parameters.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let type = try container.decode(String.self, forKey: .type)
      func checked<T>(_ make: () throws(TimelineError) -> T) throws -> T {
        do {
          return try make()
        } catch {
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: decoder.codingPath, debugDescription: "invalid \(type) easing: \(error)"))
        }
      }
      switch type {
      case "linear":
        self = .linear
      case "cubicBezier":
        let (x1, y1, x2, y2) = (
          try container.decode(Double.self, forKey: .x1),
          try container.decode(Double.self, forKey: .y1),
          try container.decode(Double.self, forKey: .x2),
          try container.decode(Double.self, forKey: .y2)
        )
        self = .cubicBezier(
          try checked { () throws(TimelineError) in try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
          })
      case "steps":
        let count = try container.decode(Int.self, forKey: .count)
        let position = try container.decode(StepEasing.Position.self, forKey: .position)
        let keyword = try container.decodeIfPresent(String.self, forKey: .keyword)
        let spelling: StepEasing.Spelling
        switch (keyword, position) {
        case (nil, _): spelling = .jump
        case ("start", .jumpStart), ("end", .jumpEnd): spelling = .short
        default:
          throw DecodingError.dataCorruptedError(
            forKey: .keyword, in: container,
            debugDescription: "the keyword of \(position.rawValue) is not \"\(keyword ?? "")\"")
        }
        self = .steps(
          try checked { () throws(TimelineError) in
            try StepEasing(count: count, position: position, spelling: spelling)
          })
      case "piecewiseLinear":
        let pairs = try container.decode([[Double]].self, forKey: .points)
        guard pairs.allSatisfy({ $0.count == 2 }) else {
          throw DecodingError.dataCorruptedError(
            forKey: .points, in: container,
            debugDescription: "each point is [output, input percent]")
        }
        let stops = pairs.map { PiecewiseLinearEasing.Stop(output: $0[0], inputs: [$0[1]]) }
        self = .piecewiseLinear(
          try checked { () throws(TimelineError) in try PiecewiseLinearEasing(stops: stops) })
      case "spring":
        let (mass, stiffness, damping, velocity) = (
          try container.decode(Double.self, forKey: .mass),
          try container.decode(Double.self, forKey: .stiffness),
          try container.decode(Double.self, forKey: .damping),
          try container.decode(Double.self, forKey: .initialVelocity)
        )
        self = .spring(
          try checked { () throws(TimelineError) in
            try Spring(
              mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
          })
      default:
        throw DecodingError.dataCorruptedError(
          forKey: .type, in: container, debugDescription: "unknown easing type \"\(type)\"")
      }
    }
  }

  extension AnimationTiming: Codable {
    private enum CodingKeys: String, CodingKey {
      case duration, easing
    }

    /// Encodes the duration and the easing.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: An encoding error.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(duration, forKey: .duration)
      try container.encode(easing, forKey: .easing)
    }

    /// Decodes a timing; a negative or non-finite duration is `dataCorrupted`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A decoding error.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let duration = try container.decode(Double.self, forKey: .duration)
      let easing = try container.decode(Easing.self, forKey: .easing)
      do {
        try self.init(duration: duration, easing: easing)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .duration, in: container, debugDescription: "invalid duration \(duration)")
      }
    }
  }

  extension Tween: Codable {
    private enum CodingKeys: String, CodingKey {
      case from, to, start, timing
    }

    /// Encodes the endpoints, the start time and the timing.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: An encoding error.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(from, forKey: .from)
      try container.encode(to, forKey: .to)
      try container.encode(start, forKey: .start)
      try container.encode(timing, forKey: .timing)
    }

    /// Decodes a tween; non-finite endpoints or start are `dataCorrupted`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A decoding error.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let from = try container.decode(Double.self, forKey: .from)
      let to = try container.decode(Double.self, forKey: .to)
      let start = try container.decode(Double.self, forKey: .start)
      let timing = try container.decode(AnimationTiming.self, forKey: .timing)
      do {
        try self.init(from: from, to: to, start: start, timing: timing)
      } catch {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "invalid tween: \(error)"))
      }
    }
  }
#endif
