package i18n

// The English texts of the package itself: lists, durations and dates.
func init() {
	Register(EN, map[string]string{
		"i18n.list.one":   "%v",
		"i18n.list.comma": "%v, %v",
		"i18n.list.and":   "%v and %v",
		"i18n.list.or":    "%v or %v",

		"i18n.duration.under_minute": "less than a minute",
		"i18n.duration.min":          "%v min",
		"i18n.duration.h":            "%v h",
		"i18n.duration.h_min":        "%v h %v min",
		"i18n.duration.d":            "%v {day|days}",
		"i18n.duration.d_h":          "%v {day|days} %v h",

		"i18n.deadline.by":   "by %v",
		"i18n.deadline.soon": "within %v (by %v UTC)",

		"i18n.date":       "%v %v %v at %v %v",
		"i18n.date.day":   "%v",
		"i18n.date.first": "1",
		"i18n.day":        "%v %v %v",
		"i18n.month_year": "%v %v",
		"i18n.weekday.0":  "Sunday",
		"i18n.weekday.1":  "Monday",
		"i18n.weekday.2":  "Tuesday",
		"i18n.weekday.3":  "Wednesday",
		"i18n.weekday.4":  "Thursday",
		"i18n.weekday.5":  "Friday",
		"i18n.weekday.6":  "Saturday",
		"i18n.month.1":    "January",
		"i18n.month.2":    "February",
		"i18n.month.3":    "March",
		"i18n.month.4":    "April",
		"i18n.month.5":    "May",
		"i18n.month.6":    "June",
		"i18n.month.7":    "July",
		"i18n.month.8":    "August",
		"i18n.month.9":    "September",
		"i18n.month.10":   "October",
		"i18n.month.11":   "November",
		"i18n.month.12":   "December",
	})
}
