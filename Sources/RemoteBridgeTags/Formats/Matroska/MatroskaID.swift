// SPDX-License-Identifier: Apache-2.0

/// The Matroska element ids read (RFC 9559 and the Matroska tagging specification).
enum MatroskaID {
    static let ebml: UInt32 = 0x1A45_DFA3
    static let docType: UInt32 = 0x4282
    static let segment: UInt32 = 0x1853_8067
    static let seekHead: UInt32 = 0x114D_9B74
    static let seek: UInt32 = 0x4DBB
    static let seekID: UInt32 = 0x53AB
    static let seekPosition: UInt32 = 0x53AC
    static let info: UInt32 = 0x1549_A966
    static let timestampScale: UInt32 = 0x2A_D7B1
    static let duration: UInt32 = 0x4489
    static let title: UInt32 = 0x7BA9
    static let cluster: UInt32 = 0x1F43_B675
    static let tags: UInt32 = 0x1254_C367
    static let tag: UInt32 = 0x7373
    static let targets: UInt32 = 0x63C0
    static let targetTypeValue: UInt32 = 0x68CA
    static let targetType: UInt32 = 0x63CA
    static let tagTrackUID: UInt32 = 0x63C5
    static let tagChapterUID: UInt32 = 0x63C4
    static let tagAttachmentUID: UInt32 = 0x63C6
    static let simpleTag: UInt32 = 0x67C8
    static let tagName: UInt32 = 0x45A3
    static let tagLanguage: UInt32 = 0x447A
    static let tagDefault: UInt32 = 0x4484
    static let tagString: UInt32 = 0x4487
    static let attachments: UInt32 = 0x1941_A469
    static let attachedFile: UInt32 = 0x61A7
    static let fileName: UInt32 = 0x466E
    static let fileMediaType: UInt32 = 0x4660
    static let fileData: UInt32 = 0x465C
    static let chapters: UInt32 = 0x1043_A770
    static let editionEntry: UInt32 = 0x45B9
    static let editionFlagDefault: UInt32 = 0x45DB
    static let chapterAtom: UInt32 = 0xB6
    static let chapterTimeStart: UInt32 = 0x91
    static let chapterFlagHidden: UInt32 = 0x98
    static let chapterFlagEnabled: UInt32 = 0x4598
    static let chapterDisplay: UInt32 = 0x80
    static let chapString: UInt32 = 0x85
}
