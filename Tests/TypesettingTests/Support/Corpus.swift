/// Real paragraphs for the multi-line specifications.
enum TestCorpus {
    static let english = """
        It was the best of times, it was the worst of times, it was the age of wisdom, it was \
        the age of foolishness, it was the epoch of belief, it was the epoch of incredulity, it \
        was the season of Light, it was the season of Darkness, it was the spring of hope, it \
        was the winter of despair.
        """
    static let chinese = """
        道可道，非常道；名可名，非常名。无名天地之始，有名万物之母。故常无欲，以观其妙；\
        常有欲，以观其徼。此两者同出而异名，同谓之玄，玄之又玄，众妙之门。
        """
    static let mixed = """
        我们在 Linux 上用 HarfBuzz 整形文本，用 ICU 的 line break iterator 找到换行位置，\
        然后 greedy 地填充每一行：English words stay whole，中文字符之间可以换行。\
        The result matches UIKit 的规则。
        """
    static let arabic = "مرحبا بالعالم. هذه فقرة عربية طويلة لاختبار التفاف الأسطر وقياس عرض الكلمات بدقة عند كل عرض."
    static let all = [("english", english), ("chinese", chinese), ("mixed", mixed), ("arabic", arabic)]
}
