import AutoLayout
import Foundation
import Typesetting

/// The numbers the feed cell is built from, shared by the constraint cell and the manual
/// layout so that the two describe the same design.
public enum FeedMetrics {
    /// Every label's font: the default font at 17 points.
    public static var font: Font { Label.defaultFont }
    /// The most lines of the poster headline.
    public static let headlineMaximumLines = 3
    /// The gap between the poster image and the poster's name, headline and timestamp.
    public static let profileTextGap: CGFloat = 2
    /// The gap between the poster's texts and the cell's trailing edge.
    public static let profileTrailingInset: CGFloat = 4
    /// The gap between the poster's name, headline and timestamp.
    public static let profileLineGap: CGFloat = 1
    /// The least space above the poster comment.
    public static let posterCommentMinimumGap: CGFloat = 3
    /// The options label's text.
    public static let optionsText = "..."
    /// The first social action, at the leading margin.
    public static let likeText = "Like"
    /// The second social action, centred.
    public static let commentText = "Comment"
    /// The third social action, at the trailing margin.
    public static let shareText = "Share"
    /// The inset of "Like" and "Share" from the cell's sides: UIKit's default layout margin.
    public static let socialMargin: CGFloat = 8
}
