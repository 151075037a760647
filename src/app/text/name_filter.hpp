// What a user types to pick names (a filter, a find field): text, found anywhere in a name
// ignoring case, or /REGEX/. One reading for every such field.
#pragma once

#include <QRegularExpression>
#include <QString>

namespace chitra::app {

// The expression `typed` stands for; invalid (isValid() false) for a bad /REGEX/.
inline QRegularExpression nameFilter(const QString& typed)
{
    const QString t = typed.trimmed();
    if (t.size() >= 2 && t.startsWith('/') && t.endsWith('/'))
        return QRegularExpression(t.mid(1, t.size() - 2), QRegularExpression::CaseInsensitiveOption);
    return QRegularExpression(QRegularExpression::escape(t), QRegularExpression::CaseInsensitiveOption);
}

} // namespace chitra::app
