/// A control whose size follows one measured text: a button's title, a text view's text.
protocol MeasuredTextControl: View {
    /// The text, its font and its layouts.
    var measurement: TextMeasurement { get set }
}

extension MeasuredTextControl {
    /// Applies `change` to the measurement, and re-measures the control when `change` says it
    /// changed anything that sizes the text.
    func updateMeasurement(_ change: (inout TextMeasurement) -> Bool) {
        if change(&measurement) { contentSizeDidChange() }
    }
}

extension Button: MeasuredTextControl {}
extension TextView: MeasuredTextControl {}
