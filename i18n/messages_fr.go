package i18n

// The French texts of the package itself: lists, durations and dates.
func init() {
	Register(FR, map[string]string{
		"i18n.list.one":   "%v",
		"i18n.list.comma": "%v, %v",
		"i18n.list.and":   "%v et %v",
		"i18n.list.or":    "%v ou %v",

		"i18n.duration.under_minute": "moins d'une minute",
		"i18n.duration.min":          "%v min",
		"i18n.duration.h":            "%v h",
		"i18n.duration.h_min":        "%v h %v min",
		"i18n.duration.d":            "%v {jour|jours}",
		"i18n.duration.d_h":          "%v {jour|jours} %v h",

		"i18n.deadline.by":   "avant le %v",
		"i18n.deadline.soon": "dans %v (avant %v UTC)",

		"i18n.date":       "%v %v %v à %v %v",
		"i18n.date.day":   "%v",
		"i18n.date.first": "1er",
		"i18n.day":        "%v %v %v",
		"i18n.month_year": "%v %v",
		"i18n.weekday.0":  "dimanche",
		"i18n.weekday.1":  "lundi",
		"i18n.weekday.2":  "mardi",
		"i18n.weekday.3":  "mercredi",
		"i18n.weekday.4":  "jeudi",
		"i18n.weekday.5":  "vendredi",
		"i18n.weekday.6":  "samedi",
		"i18n.month.1":    "janvier",
		"i18n.month.2":    "février",
		"i18n.month.3":    "mars",
		"i18n.month.4":    "avril",
		"i18n.month.5":    "mai",
		"i18n.month.6":    "juin",
		"i18n.month.7":    "juillet",
		"i18n.month.8":    "août",
		"i18n.month.9":    "septembre",
		"i18n.month.10":   "octobre",
		"i18n.month.11":   "novembre",
		"i18n.month.12":   "décembre",
	})
}
