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

    /// `count` labels of two or three vocabulary words and one token no other label has, a
    /// tag and a serial number ("Budget signal #4-117"): the case of a cache that knows most
    /// of a label. Labels from one `seed` share their words; `serial` numbers the first
    /// token, so calls with serials far apart give tokens never seen before.
    public static func labelsWithNewToken(count: Int, seed: UInt64, serial: Int) -> [String] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { index in
            var words: [String] = []
            for position in 0..<(2 + Int(generator.next() % 2)) {
                let word = vocabulary[Int(generator.next() % UInt64(vocabulary.count))]
                words.append(position == 0 ? word.capitalized : word)
            }
            let number = serial + index
            words.append("#\(number / 1000)-\(100 + number % 1000)")
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

    /// Common Chinese words for generated paragraphs: nouns, verbs and function words of
    /// everyday prose (about 400 distinct characters in all).
    static let chineseVocabulary = """
        我们 你们 他们 自己 大家 今天 明天 昨天 现在 以后 以前 时候 时间 已经 还是 可以 应该 需要 \
        因为 所以 但是 如果 虽然 而且 或者 然后 只是 一直 非常 特别 比较 真的 一起 一定 也许 \
        城市 国家 世界 社会 公司 学校 医院 银行 市场 商店 超市 餐厅 公园 机场 车站 地铁 公交 \
        朋友 家人 孩子 父母 老师 学生 同事 医生 作者 读者 用户 客户 观众 记者 司机 邻居 \
        工作 学习 生活 旅行 运动 音乐 电影 新闻 天气 季节 春天 夏天 秋天 冬天 早上 晚上 周末 \
        手机 电脑 网络 软件 系统 数据 文件 图片 视频 屏幕 键盘 设计 功能 问题 办法 结果 \
        发现 认为 觉得 希望 喜欢 知道 告诉 开始 结束 继续 完成 准备 决定 选择 改变 提高 \
        增加 减少 发展 建设 管理 服务 研究 讨论 解决 参加 组织 支持 帮助 介绍 分享 记录 \
        重要 简单 复杂 容易 困难 安全 方便 快速 缓慢 清楚 明白 漂亮 干净 安静 热闹 新鲜 \
        经济 文化 历史 科学 技术 教育 健康 环境 交通 价格 质量 速度 距离 方向 位置 内容 \
        城市里 河边 山上 路上 家里 店里 窗外 门口 楼下 附近 中间 对面 周围 左边 右边 \
        吃饭 喝茶 咖啡 面包 水果 蔬菜 米饭 早餐 午餐 晚餐 厨房 桌子 椅子 房间 花园 \
        阅读 写作 画画 唱歌 跑步 游泳 散步 购物 聊天 休息 睡觉 起床 出门 回家 上班 下班
        """.split(separator: " ").map(String.init)

    /// Short English words that mixed Chinese/English prose keeps in English.
    static let mixedEnglishVocabulary = """
        Auto Layout Linux Swift iPhone app API App Store GitHub email PDF Wi-Fi feed cell label \
        layout width height font text view update build release cache server client bug test \
        demo online offline login password download upload meeting deadline project team design \
        review code commit merge branch version beta launch report data cloud
        """.split(separator: " ").map(String.init)

    /// A stream of `count` distinct paragraphs of about 300 characters in the style of `name`
    /// ("english", "chinese" or "mixed"), as an app showing a feed lays them out: the same
    /// language and vocabulary throughout, every paragraph new. About one word in twenty-five
    /// is a token seen nowhere else (a number or a name), as in real posts.
    public static func paragraphStream(_ name: String, count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        var serial = 0
        func pick(_ words: [String]) -> String { words[Int(generator.next() % UInt64(words.count))] }
        func newToken(numbersOnly: Bool = false) -> String {
            serial += 1
            return numbersOnly || generator.next() % 2 == 0
                ? String(100 + Int(generator.next() % 9_900) + serial)
                : uniqueLabels(count: 1, seed: generator.next()).first.map { $0.split(separator: " ")[0].capitalized }
                    ?? "X\(serial)"
        }
        var result: [String] = []
        var seen = Set<String>()
        while result.count < count {
            var text = ""
            switch name {
            case "english":
                while text.count < 280 {
                    let words = 6 + Int(generator.next() % 10)
                    for index in 0..<words {
                        let word = generator.next() % 25 == 0 ? newToken() : pick(vocabulary)
                        text += index == 0 ? word.capitalized : word
                        text += index == words - 1 ? ". " : (generator.next() % 9 == 0 ? ", " : " ")
                    }
                }
            case "chinese":
                while text.count < 280 {
                    let words = 5 + Int(generator.next() % 8)
                    for index in 0..<words {
                        // Chinese prose's new tokens are numbers: its names are made of common characters.
                        text += generator.next() % 25 == 0 ? newToken(numbersOnly: true) : pick(chineseVocabulary)
                        text += index == words - 1 ? "。" : (generator.next() % 5 == 0 ? "，" : "")
                    }
                }
            default:  // mixed
                while text.count < 280 {
                    let words = 6 + Int(generator.next() % 8)
                    for index in 0..<words {
                        let roll = generator.next() % 25
                        if roll == 0 {
                            text += " \(newToken()) "
                        } else if roll < 8 {
                            text += " \(pick(mixedEnglishVocabulary)) "
                        } else {
                            text += pick(chineseVocabulary)
                        }
                        text += index == words - 1 ? "。" : (generator.next() % 5 == 0 ? "，" : "")
                    }
                }
            }
            text = text.trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: "  ", with: " ")
                .replacingOccurrences(of: " 。", with: "。").replacingOccurrences(of: " ，", with: "，")
                .replacingOccurrences(of: "。 ", with: "。").replacingOccurrences(of: "， ", with: "，")
            if seen.insert(text).inserted { result.append(text) }
        }
        return result
    }

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
