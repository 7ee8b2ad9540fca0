import Foundation

/// The texts the Typesetting benchmarks and the SkParagraph comparison measure.
public enum Corpus {
    /// Words for generated labels: real English words, short and long.
    static let vocabulary = """
        account action active address advice after again agent almost always amount answer \
        appear apply around arrive article attack author available avoid basket battle beauty \
        become before begin behind believe better between beyond bottle bright brother budget \
        build button camera cancel capital career carry center chance change charge choice \
        circle city claim class clear close coffee collect color common company compare \
        concert contact control corner country couple course cover create credit culture \
        current custom danger debate decade decide deliver design detail device dinner \
        direct doctor double dream during early easy effort eight either energy engine enjoy \
        enough entire event every exact expert family famous father feeling field figure \
        final finger finish flight flower follow forest forget format forward friend future \
        garden general glass golden ground growth guitar happen health heavy history holiday \
        honest hotel hundred idea image impact income inside island itself journey kitchen \
        language large later leader letter likely listen little local machine market matter \
        measure member memory message method middle minute mirror modern moment morning \
        mother motion music nature nearly network never number object office option orange \
        order other paper parent party people period person picture planet player pocket \
        police policy power prepare pretty price private problem process profile project \
        public purple quality quarter question quick rather reason record region remote report \
        result return review river rocket safety salary sample school science screen search \
        season second secret select series service settle shadow signal silver simple single \
        sister social soldier source speech spirit spring square station storm street strong \
        student studio subject success summer supply surface system table talent teacher \
        theory thought ticket today travel update useful valley value village visitor volume \
        wallet weather weekend window winter wonder worker writer yellow yesterday
        """.split(separator: " ").map(String.init)

    /// `count` labels of about 20 characters from the vocabulary (deterministic).
    public static func labels(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { _ in
            var label = ""
            while label.count < 17 {
                let word = vocabulary[Int(generator.next() % UInt64(vocabulary.count))]
                label += label.isEmpty ? word.capitalized : " " + word
            }
            return label
        }
    }

    /// `count` labels of about 20 characters made of pseudo-words never seen before (each
    /// call with a new seed gives new words), so nothing can come from a cache.
    public static func uniqueLabels(count: Int, seed: UInt64) -> [String] {
        let consonants = Array("bcdfghklmnprstvwz")
        let vowels = Array("aeiou")
        var generator = SplitMix(seed: seed)
        return (0..<count).map { index in
            var words: [String] = []
            var length = 0
            while length < 17 {
                var word = ""
                for _ in 0..<(2 + Int(generator.next() % 3)) {
                    word.append(consonants[Int(generator.next() % UInt64(consonants.count))])
                    word.append(vowels[Int(generator.next() % UInt64(vowels.count))])
                }
                words.append(word)
                length += word.count + 1
            }
            // A serial number makes every label unique even if two words repeat.
            words[words.count - 1] += String(index, radix: 36)
            return words.joined(separator: " ")
        }
    }

    /// Paragraphs of about 300 characters in English, Chinese and mixed Chinese/English.
    public static let paragraphs: [(name: String, text: String)] = [
        ("english", """
            Auto Layout computes the size and position of every view from the constraints placed \
            on it. Labels report an intrinsic content size measured from their text, so a cell \
            that holds a multi-line label grows with its content, and a list can compute each \
            row's height before it is ever shown on screen.
            """),
        ("chinese", """
            自动布局根据视图上的约束计算每个视图的大小和位置。标签会根据其文本测量出固有内容尺寸，\
            因此包含多行标签的单元格会随内容增长，列表可以在每一行显示之前计算出它的高度。\
            文本先被分段、整形并缓存，之后在新的宽度下重新布局只需要简单的算术运算，\
            无需再次调用整形引擎。这样在滚动很长的列表时也能保持流畅。
            """),
        ("mixed", """
            在 Linux 上使用 Auto Layout：Fitsize 用 HarfBuzz 对文本进行整形，用 ICU 查找换行位置，\
            然后把 intrinsic content size 交给 Cassowary 求解器。A prepared paragraph lays out \
            at a new width with arithmetic only，不需要重新整形，so feeds with thousands of rows \
            stay fast 并且结果与 UIKit 的规则一致。
            """),
    ]

    /// Widths to re-lay paragraphs out at (points).
    public static let widths: [Double] = [180, 220, 260, 300, 340, 380, 420, 460]
}

/// A small deterministic random number generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
